// The account sign-ins pith offers, by provider: all of pi 1.6.0's built-in ones (Claude, ChatGPT for Codex and
// for the OpenAI API, Copilot, OpenRouter, Kimi Code, Meta, xAI, Radius). Each flow's module is imported when it is used: none is loaded by a run that signs nobody in.
import type { SubscriptionFlow } from "./types.js";

const LOADERS: Record<string, { name: string; load(): Promise<SubscriptionFlow> }> = {
  anthropic: { name: "Anthropic (Claude Pro/Max)", load: async () => (await import("./providers/anthropic.js")).anthropicFlow },
  "openai-codex": { name: "ChatGPT Plus/Pro (Codex)", load: async () => (await import("./providers/openai-codex.js")).openaiCodexFlow },
  "github-copilot": { name: "GitHub Copilot", load: async () => (await import("./providers/github-copilot.js")).githubCopilotFlow },
  openrouter: { name: "OpenRouter", load: async () => (await import("./providers/openrouter.js")).openRouterFlow },
  openai: { name: "OpenAI (ChatGPT subscription)", load: async () => (await import("./providers/openai-chatgpt.js")).openaiChatgptFlow },
  "kimi-coding": { name: "Kimi Code (subscription)", load: async () => (await import("./providers/kimi-coding.js")).kimiCodingFlow },
  meta: { name: "Meta (Muse subscription)", load: async () => (await import("./providers/meta.js")).metaFlow },
  xai: { name: "xAI (Grok/X subscription)", load: async () => (await import("./providers/xai.js")).xaiFlow },
  radius: { name: "Radius", load: async () => (await import("./providers/radius.js")).radiusFlow },
};

export const SUBSCRIPTION_PROVIDERS: readonly string[] = Object.keys(LOADERS);

/** pi's `isSubscription` sign-ins: requests under them are paid by a plan, not per token (OpenRouter and Radius are not) */
export function isPlanLogin(provider: string): boolean {
  return hasSubscriptionFlow(provider) && provider !== "openrouter" && provider !== "radius";
}

export function hasSubscriptionFlow(provider: string): boolean {
  return Object.hasOwn(LOADERS, provider);
}

export function subscriptionName(provider: string): string {
  return LOADERS[provider]?.name ?? provider;
}

export async function loadSubscriptionFlow(provider: string): Promise<SubscriptionFlow | undefined> {
  return Object.hasOwn(LOADERS, provider) ? LOADERS[provider]!.load() : undefined;
}
