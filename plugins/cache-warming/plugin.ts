// The cache-warming plugin (pi 1.6.0's `cacheWarming`): each model request the session sends may be repeated
// before its prompt cache entry expires, during long tool runs and ("idle" mode) for up to 30 minutes between runs,
// when the refresh is expected to pay for itself. A refresh is stored as a `usage` entry of kind `cache_warm`
// (counted in the totals, never in the context) and announced with `entry_appended`.
import { definePlugin, isAssistantMessage, isTapped, type AgentMessage, type Model, type PithPlugin, type PluginContext, type SessionApi } from "../../kernel/index.js";
import type { SettingsManager } from "../settings/index.js";
import { CACHE_WARMING_PLUGIN_NAME, cacheWarmingHooks } from "./decision-hook.js";
import { CACHE_WARMING_MODES, cacheRetention, type CacheWarmingMode } from "./policy.js";
import { replayRequest } from "./replay.js";
import { CacheWarmer, type CacheWarmingStatus } from "./warmer.js";

export interface CacheWarmingService {
  /** what is planned, or why nothing is */
  status(): CacheWarmingStatus;
  /** the `cacheWarming` setting, read from the agent folder's settings only (each refresh costs money) */
  mode(): CacheWarmingMode;
  /** writes `cacheWarming` to the agent folder's settings and stops at once what the new mode does not allow */
  setMode(mode: CacheWarmingMode): Promise<void>;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    cacheWarming: CacheWarmingService;
  }
}

export interface CacheWarmingPluginOptions {
  /** read for `PI_CACHE_RETENTION`; default process.env */
  env?: Readonly<Record<string, string | undefined>>;
}

/** pi's default is "idle"; a value pith does not know counts as the default, as in pi. */
export function cacheWarmingMode(settings: Pick<SettingsManager, "fileSettings"> | undefined): CacheWarmingMode {
  const value = settings?.fileSettings("global").cacheWarming;
  return CACHE_WARMING_MODES.find((mode) => mode === value) ?? "idle";
}

/**
 * Prompt size of the last reply, as its provider reported it: from the stored branch, which has the reply as soon
 * as it ends (the conversation takes it with its tool results), else from the conversation.
 */
function lastPromptTokens(context: PluginContext): number {
  const entries = context.tryUse("sessions")?.manager.getBranch();
  const messages: readonly AgentMessage[] = entries ? entries.flatMap((entry) => (entry.type === "message" ? [entry.message] : [])) : context.session.messages;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (isAssistantMessage(message)) return message.usage.input + message.usage.cacheRead + message.usage.cacheWrite;
  }
  return 0;
}

/**
 * True while the session keeps the model and its conversation still begins with the messages the request was
 * built from (message objects are kept as they are, so identity says it).
 */
function stillExtends(session: Pick<SessionApi, "model" | "messages">, model: Model): () => boolean {
  const sent = [...session.messages];
  return () => {
    const now = session.messages;
    const current = session.model;
    return current?.provider === model.provider && current.id === model.id && sent.length <= now.length && sent.every((message, index) => now[index] === message);
  };
}

export function cacheWarmingPlugin(options: CacheWarmingPluginOptions = {}): PithPlugin {
  return definePlugin({
    name: CACHE_WARMING_PLUGIN_NAME,
    setup(context) {
      const hooks = cacheWarmingHooks(context);
      const env = options.env ?? process.env;
      const mode = () => cacheWarmingMode(context.tryUse("settings"));
      const warmer = new CacheWarmer({
        mode,
        retention: () => cacheRetention(env),
        promptTokens: () => lastPromptTokens(context),
        async decide(decision) {
          if (!isTapped(hooks.cache_warming_decision)) return decision.action;
          const { warmCost, missCost, continuationProbability, action } = decision;
          return (await hooks.cache_warming_decision.promise({ type: "cache_warming_decision", warmCost, missCost, continuationProbability, decision, action })).action;
        },
        send: (request, signal) => replayRequest(context, request.model, request, signal),
        record(reply, note) {
          const manager = context.tryUse("sessions")?.manager;
          if (!manager) return;
          const entry = manager.getEntry(manager.appendUsage("cache_warm", reply.provider, reply.responseModel ?? reply.model, reply.usage, note));
          if (entry) context.emit({ type: "entry_appended", entry });
        },
      });
      context.on("model_request", ({ request }) => {
        const model = context.session.model;
        // the session's model as selected: the refresh resolves its own key and base URL
        if (model) warmer.start({ ...request, model }, stillExtends(context.session, model));
      });
      context.on("agent_settled", () => warmer.settled());
      context.on("session_shutdown", () => warmer.cancel());
      context.provide("cacheWarming", {
        status: () => warmer.status,
        mode,
        async setMode(next) {
          await context.use("settings").set("cacheWarming", next, "global");
          warmer.modeChanged();
        },
      });
    },
  });
}
