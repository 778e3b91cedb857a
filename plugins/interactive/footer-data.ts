// Where the footer's figures come from: the session, the services of the plugins that know them, and the
// statuses extensions set through the ui service.
import type { AgentSession, PluginContext } from "../../kernel/index.js";
import type { FooterData } from "./components/footer.js";
import { gitBranch } from "./git-branch.js";

export function footerData(context: PluginContext, session: AgentSession, statuses: () => ReadonlyMap<string, string>): FooterData {
  // read once per second at most: the footer renders with every frame
  let branch: { value: string | undefined; at: number } | undefined;
  let providers: { many: boolean; at: number } | undefined;
  return {
    cwd: session.cwd,
    home: process.env.HOME,
    gitBranch() {
      const now = Date.now();
      if (!branch || now - branch.at > 1000) branch = { value: gitBranch(session.cwd), at: now };
      return branch.value;
    },
    sessionName: () => context.tryUse("sessions")?.manager.getSessionName(),
    stats: () => context.use("sessionInfo").stats(),
    autoCompaction: () => context.tryUse("settings")?.get().compaction?.enabled ?? true,
    model() {
      const model = session.model;
      return model && { id: model.id, provider: model.provider, reasoning: model.reasoning };
    },
    manyProviders() {
      const now = Date.now();
      if (!providers || now - providers.at > 1000) {
        const available = context.tryUse("models")?.availableModels() ?? [];
        providers = { many: new Set(available.map((model) => model.provider)).size > 1, at: now };
      }
      return providers.many;
    },
    thinkingLevel: () => session.thinkingLevel,
    statuses,
  };
}
