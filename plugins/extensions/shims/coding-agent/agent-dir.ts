// pi's `getAgentDir()`: the running session's agent folder, else the one the environment names.
import { resolveAgentDir } from "../../../../lib/agent-dir/agent-dir.js";
import { extensionHost } from "../host.js";

export function getAgentDir(): string {
  return extensionHost()?.agentDir ?? resolveAgentDir();
}
