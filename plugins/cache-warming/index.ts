// Public surface of the cache-warming plugin: the plugin, its service and hook, the warmer and its arithmetic.
export { cacheWarmingPlugin, cacheWarmingMode, type CacheWarmingPluginOptions, type CacheWarmingService } from "./plugin.js";
export { CACHE_WARMING_PLUGIN_NAME, cacheWarmingHooks, type CacheWarmingDecisionState } from "./decision-hook.js";
export { CacheWarmer, type CacheWarmingStatus, type WarmerPorts } from "./warmer.js";
export { cacheWarmingStatusText, cacheWarmedText } from "./status-text.js";
export {
  CACHE_WARMING_MODES,
  IDLE_CONTINUATION_PROBABILITY,
  MAX_IDLE_AGE_MS,
  MAX_STREAMING_AGE_MS,
  MINIMUM_EXPECTED_SAVINGS,
  cacheLifetimeMs,
  cacheRetention,
  evaluateWarming,
  isReplayable,
  refreshDelayMs,
  type CacheWarmingMode,
  type WarmingAction,
  type WarmingDecision,
  type WarmingPhase,
} from "./policy.js";
