// OpenCode routes a conversation by its session: pi 1.6.0 names the session in `x-opencode-session` on every request
// to OpenCode (its providers, or any model whose base URL is opencode.ai).
import type { Model } from "../../kernel/index.js";

export function isOpenCode(model: Pick<Model, "provider" | "baseUrl">): boolean {
  if (model.provider === "opencode" || model.provider === "opencode-go") return true;
  try {
    return new URL(model.baseUrl).hostname === "opencode.ai";
  } catch {
    return false;
  }
}

export function openCodeSessionHeaders(model: Pick<Model, "provider" | "baseUrl">, sessionId: string | undefined): Record<string, string> {
  return sessionId && isOpenCode(model) ? { "x-opencode-session": sessionId } : {};
}
