// pi's `/reload` for a session built by createAgentSession: extensions hear session_shutdown, then settings,
// the settings' packages, extensions (run again as new instances), context files and SYSTEM.md /
// APPEND_SYSTEM.md, skills and prompt templates are read again and the system prompt is rebuilt;
// session_start{reason:"reload"} and the extensions' resources_discover follow. The session-control plugin's
// routine, reachable without that plugin loaded.
import type { AgentSession, PithServices, ServiceName } from "../kernel/index.js";
import { reloadSession } from "../plugins/session-control/rebuild.js";

export interface ReloadReport {
  contextFiles: string[];
  systemPromptFile?: string;
  appendFiles: string[];
  skills: number;
  promptTemplates: number;
  /** extensions loaded after the reload, as messages name them */
  extensions: string[];
  warnings: string[];
}

export async function reloadResources(session: AgentSession, signal?: AbortSignal): Promise<ReloadReport> {
  const use = <K extends ServiceName>(name: K) => session.registry.services.get(name) as PithServices[K] | undefined;
  await reloadSession({ agent: session, use, report: (error) => session.report(error) }, signal);
  const loaded = use("resources")?.loaded() ?? { contextFiles: [], appendFiles: [] };
  return {
    ...loaded,
    skills: use("skills")?.list().length ?? 0,
    promptTemplates: use("promptTemplates")?.list().length ?? 0,
    extensions: use("extensions")?.loaded.map((extension) => extension.display) ?? [],
    warnings: [...(use("settings")?.warnings.map((warning) => warning.message) ?? []), ...(use("packages")?.resolved.problems ?? [])],
  };
}
