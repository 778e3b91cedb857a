// What the package commands (`pith install|remove|update|list|config`) run with: the process's folders and
// output, and the settings and places the package operations work on.
import { resolveAgentDir } from "../../../lib/agent-dir/agent-dir.js";
import { SettingsManager } from "../../settings/index.js";
import type { PackageManagerContext } from "../package-manager.js";

export interface PackageCommandIO {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  signal?: AbortSignal;
  /** stdin and stdout are both terminals: `pith config` opens its selector */
  terminal?: boolean;
  /**
   * Whether the project's own settings (and so its packages) count: `approve` is `-a` (true), `-na` (false) or
   * neither; the answer never prompts. Without it the project's settings are not applied.
   */
  projectTrusted?: (approve: boolean | undefined, settings: SettingsManager) => Promise<boolean>;
}

/**
 * Settings (warnings reported) and the places the package operations work on. An untrusted project's packages are
 * neither listed nor installed nor updated: installing one runs its package's scripts.
 */
export async function packageContext(io: PackageCommandIO, approve?: boolean): Promise<PackageManagerContext> {
  const agentDir = resolveAgentDir(io.env);
  const settings = await SettingsManager.load({ agentDir, cwd: io.cwd, env: io.env, projectTrusted: false });
  settings.setProjectTrusted((await io.projectTrusted?.(approve, settings)) ?? approve === true);
  for (const warning of settings.warnings) io.stderr(`pith: warning: ${warning.message}\n`);
  return {
    cwd: io.cwd,
    agentDir,
    homeDir: io.env.HOME,
    settings,
    signal: io.signal,
    env: io.env,
    progress: (line) => io.stdout(`${line}\n`),
  };
}

/** the project-trust options every package command takes (also `pith config`) */
export const TRUST_OPTIONS = "  -a, --approve           trust the project's .pi files for this command\n  -na, --no-approve       ignore the project's .pi files for this command";
