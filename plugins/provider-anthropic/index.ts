// The Anthropic Messages provider ("anthropic-messages"), through the official SDK.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { streamAnthropic } from "./anthropic-stream.js";

export const ANTHROPIC_MESSAGES_API = "anthropic-messages";

export function anthropicProviderPlugin(): PithPlugin {
  return definePlugin({
    name: "provider-anthropic",
    setup(context) {
      context.registerProvider({ api: ANTHROPIC_MESSAGES_API, stream: streamAnthropic });
    },
  });
}

export { streamAnthropic } from "./anthropic-stream.js";
export { buildAnthropicRequest, type AnthropicRequest } from "./anthropic-request.js";
export { DEFAULT_THINKING_BUDGETS, planThinking, usesAdaptiveThinking, type ThinkingPlan } from "./anthropic-thinking.js";
