// Re-reads what the session was built from on disk: settings, context files and SYSTEM.md / APPEND_SYSTEM.md,
// skills and prompt templates; then rebuilds the system prompt. pi's `/reload` (the UI will call this too).
import type { AgentSession } from "../kernel/agent-session.js";

export interface ReloadReport {
  contextFiles: string[];
  systemPromptFile?: string;
  appendFiles: string[];
  skills: number;
  promptTemplates: number;
  warnings: string[];
}

export async function reloadResources(session: AgentSession, signal?: AbortSignal): Promise<ReloadReport> {
  const service = <K extends string>(name: K) => session.registry.services.get(name)?.value;
  const settings = service("settings") as import("../plugins/settings/index.js").SettingsManager | undefined;
  const resources = service("resources") as import("../plugins/system-prompt/index.js").ResourcesService | undefined;
  const skills = service("skills") as { reload(signal?: AbortSignal): Promise<void>; list(): unknown[] } | undefined;
  const templates = service("promptTemplates") as { reload(signal?: AbortSignal): Promise<void>; list(): unknown[] } | undefined;

  await settings?.reload(signal);
  await Promise.all([resources?.reload(signal), skills?.reload(signal), templates?.reload(signal)]);
  await session.refreshSystemPrompt();
  const loaded = resources?.loaded() ?? { contextFiles: [], appendFiles: [] };
  return {
    ...loaded,
    skills: skills?.list().length ?? 0,
    promptTemplates: templates?.list().length ?? 0,
    warnings: settings?.warnings.map((warning) => warning.message) ?? [],
  };
}
