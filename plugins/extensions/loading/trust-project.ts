// `pith --trust`: records the current project as trusted in the global settings, so its own extensions load.
import { SettingsManager } from "../../settings/index.js";
import { resolveAgentDir } from "../../models/agent-dir.js";
import { addTrustedProject, settingsTrustStore } from "./trust.js";

/** Resolves to false when the project was trusted already. */
export async function trustProject(cwd: string, options: { agentDir?: string; settings?: SettingsManager } = {}): Promise<boolean> {
  const settings = options.settings ?? (await SettingsManager.load({ agentDir: options.agentDir ?? resolveAgentDir(), cwd }));
  return addTrustedProject(cwd, settingsTrustStore(settings));
}
