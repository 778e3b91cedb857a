// `pith --help`, as pi 1.6.0 prints it: the session's extensions load first (global, settings, packages, `-e`, and a
// trusted project's), so the help lists the flags they register. Nothing of that runs for any other command line.
import { stderrLogger } from "../stderr-logger.js";
import type { CreateAgentSessionOptions } from "../create-agent-session.js";
import type { ExtensionsService } from "../../plugins/extensions/index.js";
import { PITH_VERSION } from "../version.js";
import { printHelp, type HelpFlag } from "./args.js";

export async function runHelp(options: CreateAgentSessionOptions): Promise<number> {
  printHelp(PITH_VERSION, await extensionFlags(options));
  return 0;
}

/** The configured extensions' flags; start-up problems go to stderr, and a failed start-up lists none. */
async function extensionFlags(options: CreateAgentSessionOptions): Promise<HelpFlag[]> {
  if (options.extensions === false || (options.extensions?.noExtensions && (options.extensions.paths ?? []).length === 0)) return [];
  const log = stderrLogger();
  try {
    const { createAgentSession } = await import("../create-agent-session.js");
    // no session file, no MCP connections, and the options the help was asked with are not checked as flags
    const created = await createAgentSession({ ...options, noSession: true, noMcp: true, extensions: { ...options.extensions, flagArgv: undefined }, log });
    for (const warning of created.warnings) log.warn(warning);
    const flags = (created.session.registry.services.get("extensions") as ExtensionsService | undefined)?.flags() ?? [];
    await created.session.dispose();
    return flags;
  } catch (error) {
    log.warn(`extension flags are not listed: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}
