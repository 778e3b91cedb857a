// Where the footer's figures come from: the session, the services of the plugins that know them, and the
// statuses extensions set through the ui service.
import { isAssistantMessage, type AgentSession, type PluginContext } from "../../../kernel/index.js";
import type { FooterData } from "../components/footer.js";
import { watchGitBranch } from "./git-branch.js";
import { routedModel } from "../../models/routed-model.js";

/** The footer's sources; `close` stops watching the git branch. */
export function footerData(context: PluginContext, session: AgentSession, statuses: () => ReadonlyMap<string, string>): FooterData & { close(): void } {
  const branch = watchGitBranch(session.cwd);
  // read once per second at most: the footer renders with every frame
  let providers: { many: boolean; at: number } | undefined;
  let subscription: { provider: string | undefined; plan: boolean; at: number } | undefined;
  return {
    cwd: session.cwd,
    home: process.env.HOME,
    gitBranch: branch.branch,
    onBranchChange: branch.onChange,
    close: branch.close,
    sessionName: () => context.tryUse("sessions")?.manager.getSessionName(),
    stats: () => context.use("sessionInfo").stats(),
    latestCacheHitRate() {
      const { messages } = session;
      for (let index = messages.length - 1; index >= 0; index--) {
        const reply = messages[index]!;
        if (!isAssistantMessage(reply)) continue;
        const prompt = reply.usage.input + reply.usage.cacheRead + reply.usage.cacheWrite;
        return prompt > 0 ? (reply.usage.cacheRead / prompt) * 100 : undefined;
      }
      return undefined;
    },
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
    usingSubscription() {
      const now = Date.now();
      const provider = session.model?.provider;
      if (!subscription || subscription.provider !== provider || now - subscription.at > 1000) {
        // as pi: Kimi Code is a plan even with an API key; else a plan's sign-in is the credential in use
        const auth = provider ? context.tryUse("models")?.authSource(provider) : undefined;
        const plan = provider === "kimi-coding" || (provider !== undefined && auth?.type === "oauth" && context.tryUse("models")?.loginFlows.isPlan(provider) === true);
        subscription = { provider, plan, at: now };
      }
      return subscription.plan;
    },
    thinkingLevel: () => session.thinkingLevel,
    routed() {
      const routed = routedModel(context.tryUse("models"), session.model, session.messages);
      return routed && { id: routed.model.id, thinkingLevel: routed.thinkingLevel };
    },
    statuses,
  };
}
