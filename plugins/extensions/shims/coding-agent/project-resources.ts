// pi 1.6.0's helpers for what a project and the agent folder hold, as extensions call them (synchronously, as in
// pi): the context files, whether a project has resources that wait for a trust decision, and one stored credential.
// The rules are the system-prompt, trust and models plugins' own.
import { join } from "node:path";
import { readAuthFile } from "../../../models/index.js";
import { findContextFilesSync, type ContextFile } from "../../../system-prompt/index.js";
import { findGatedResourcesSync } from "../../../trust/index.js";
import { warnFromHelper } from "../host.js";
import { getAgentDir } from "./agent-dir.js";

/** The context files pith puts in the system prompt for `cwd`: the agent folder's first, then root to `cwd`. */
export function loadProjectContextFiles(options: { cwd: string; agentDir: string }): ContextFile[] {
  return findContextFilesSync(options, warnFromHelper);
}

/** Whether `cwd` has project resources that load only once the project is trusted (`.pi/settings.json`, ...). */
export function hasTrustRequiringProjectResources(cwd: string): boolean {
  return findGatedResourcesSync(cwd).length > 0;
}

/** The credential auth.json stores for `providerId` (keys of `$NAME` form not resolved); undefined without one. */
export function readStoredCredential(providerId: string, authPath = join(getAgentDir(), "auth.json")): Record<string, unknown> | undefined {
  return readAuthFile(authPath).credentials.get(providerId);
}
