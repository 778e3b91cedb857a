// pi's own message protocol ("pi-messages", the Radius gateway's, pi 1.6.0): the conversation goes to the backend
// as pi-ai's context and comes back as pi's assistant-message events. The wire code loads with the first request.
import { definePlugin, type AssistantMessageEvent, type PithPlugin, type StreamRequest } from "../../kernel/index.js";

export const PI_MESSAGES_API = "pi-messages";

export function piMessagesProviderPlugin(): PithPlugin {
  return definePlugin({
    name: "provider-pi-messages",
    setup(context) {
      context.registerProvider({ api: PI_MESSAGES_API, stream: streamPiMessages });
    },
  });
}

export async function* streamPiMessages(request: StreamRequest): AsyncGenerator<AssistantMessageEvent> {
  yield* (await import("./pi-messages-stream.js")).streamPiMessages(request);
}
