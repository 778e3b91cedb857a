// Public surface of the retry plugin.
export { retryPlugin, RETRY_PLUGIN_NAME, type RetryPluginOptions } from "./plugin.js";
export { RetryController, RETRY_CANCELLED, type RetryControllerOptions } from "./retry-controller.js";
export type { AutoRetryEndEvent, AutoRetryStartEvent, RetryService } from "./retry-events.js";
export { classifyFailure, failureFacts, RETRY_RULES, type FailureFacts, type RetryRule, type RetryVerdict } from "./retry-rules.js";
export { planRetry, type RetryPlan } from "./retry-plan.js";
export { retrySettingsFrom, DEFAULT_RETRY_SETTINGS, type RetrySettings } from "./retry-settings.js";
export { retryCall, type RetryCallProgress } from "./retry-call.js";
export { abortableWait } from "./abortable-wait.js";
export { formatDuration } from "./format-duration.js";
