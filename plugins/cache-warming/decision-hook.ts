// `cache_warming_decision`, declared in the kernel's hook table and owned by this plugin: fired before each
// refresh with the plugin's decision filled in. A handler returns the state with `action` set to override it; the
// last one that sets it wins (a waterfall), and a throwing handler is reported and counts as having no opinion.
import type { HookSignature, OwnedHooks, PluginContext } from "../../kernel/index.js";
import type { WarmingAction, WarmingDecision } from "./policy.js";

export const CACHE_WARMING_PLUGIN_NAME = "cache-warming";

export interface CacheWarmingDecisionState {
  type: "cache_warming_decision";
  /** dollars: the price of this refresh */
  warmCost: number;
  /** dollars the next request costs more if the cache entry is lost */
  missCost: number;
  /** the estimated chance that a real request arrives in time */
  continuationProbability: number;
  /** what the plugin decided, and from what */
  decision: WarmingDecision;
  /** the action so far: the plugin's, or the last handler's that set one; "stop" ends warming until the next request */
  action: WarmingAction;
}

declare module "../../kernel/index.js" {
  interface HookSignatures {
    /** waterfall · before each prompt-cache refresh · the last handler that sets `action` wins */
    cache_warming_decision: HookSignature<CacheWarmingDecisionState, CacheWarmingDecisionState>;
  }
}

/** The plugin's hooks, made on first request (by it, or by a plugin that taps them before it loads). */
export function cacheWarmingHooks(context: Pick<PluginContext, "hooksOf">): OwnedHooks<typeof CACHE_WARMING_PLUGIN_NAME> {
  return context.hooksOf(CACHE_WARMING_PLUGIN_NAME);
}
