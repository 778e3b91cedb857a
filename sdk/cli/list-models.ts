// `pith --list-models [search]`: the models whose provider has a key, as a table.
import { ModelRegistry, resolveAgentDir } from "../../plugins/models/index.js";

export async function listModels(search: string | undefined): Promise<number> {
  const registry = new ModelRegistry({ agentDir: resolveAgentDir() });
  for (const error of registry.errors) process.stderr.write(`pith: warning: ${error.message}\n`);
  const table = registry.formatAvailableModels(search);
  process.stdout.write(table.endsWith("\n") ? table : `${table}\n`);
  return 0;
}
