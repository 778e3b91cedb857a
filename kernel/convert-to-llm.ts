// What providers get of the session's messages: by default the roles the kernel knows (an injected message is sent
// as a user message). A host passes its own `convertToLlm` (pi's Agent option) for the roles plugins add; a role
// nobody converts stays out of the model's context unless a `context` handler converts it.
import type { AgentMessage, Message } from "./messages.js";

export type ConvertToLlm = (messages: readonly AgentMessage[]) => Message[];

/** One message as the kernel converts it; undefined for roles it does not know. */
export function kernelMessageToLlm(message: AgentMessage): Message | undefined {
  switch (message.role) {
    case "user":
    case "assistant":
    case "toolResult":
      return message;
    case "custom":
      return {
        role: "user",
        content: typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content,
        timestamp: message.timestamp,
      };
    default:
      return undefined;
  }
}

export const convertKernelMessages: ConvertToLlm = (messages) => messages.flatMap((message) => kernelMessageToLlm(message) ?? []);
