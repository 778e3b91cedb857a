// `pith --list-models [search]`: the models whose provider has a key, as a table. As in pi 1.6.0, the session's
// extensions load first (global, settings, packages, `-e`, a trusted project's), so the providers and virtual
// models they register are listed too; without extensions, or when they fail to start, the files alone answer.
import { ModelRegistry, resolveAgentDir } from "../../plugins/models/index.js";
import type { CreateAgentSessionOptions } from "../create-agent-session.js";
import { stderrLogger } from "../stderr-logger.js";

export async function listModels(search: string | undefined, options: CreateAgentSessionOptions): Promise<number> {
  const table = (await withExtensions(options, (registry) => registry.formatAvailableModels(search))) ?? fromFiles(search);
  process.stdout.write(table.endsWith("\n") ? table : `${table}\n`);
  return 0;
}

function fromFiles(search: string | undefined): string {
  const registry = new ModelRegistry({ agentDir: resolveAgentDir() });
  for (const error of registry.errors) process.stderr.write(`pith: warning: ${error.message}\n`);
  return registry.formatAvailableModels(search);
}

async function withExtensions(options: CreateAgentSessionOptions, list: (registry: ModelRegistry) => string): Promise<string | undefined> {
  if (options.extensions === false || (options.extensions?.noExtensions && (options.extensions.paths ?? []).length === 0)) return undefined;
  const log = stderrLogger();
  try {
    const { createAgentSession } = await import("../create-agent-session.js");
    const created = await createAgentSession({ ...options, noSession: true, noMcp: true, extensions: { ...options.extensions, flagArgv: undefined }, log });
    try {
      const registry = created.session.registry.services.get("models") as ModelRegistry | undefined;
      if (!registry) return undefined;
      for (const error of registry.errors) log.warn(error.message);
      return list(registry);
    } finally {
      await created.session.dispose();
    }
  } catch (error) {
    log.warn(`extensions' models are not listed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
