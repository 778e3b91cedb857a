// GitHub Copilot's per-request headers (pi 1.6.0 sends them on every Copilot API): whether the user or the agent
// started the request (the agent, after a reply or tool results), the intent, and a flag when images go along.
import type { StreamRequest } from "../../kernel/index.js";

export const COPILOT_PROVIDER = "github-copilot";

/**
 * `lastRole`: the role of what the conversation sent ends with, when the provider sends more than its turns (a system
 * message the request ends with counts as the agent's, as in pi 1.6.0).
 */
export function copilotRequestHeaders(request: StreamRequest, lastRole: string | undefined = request.messages.at(-1)?.role): Record<string, string> {
  if (request.model.provider !== COPILOT_PROVIDER) return {};
  const headers: Record<string, string> = {
    "X-Initiator": lastRole !== undefined && lastRole !== "user" ? "agent" : "user",
    "Openai-Intent": "conversation-edits",
  };
  const hasImage = request.messages.some(
    (message) => (message.role === "user" || message.role === "toolResult") && Array.isArray(message.content) && message.content.some((part) => part.type === "image"),
  );
  if (hasImage) headers["Copilot-Vision-Request"] = "true";
  return headers;
}
