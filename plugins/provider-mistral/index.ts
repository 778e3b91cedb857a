// Mistral ("mistral-conversations"): Mistral's own chat completions stream over pith's HTTP client (pi 1.6.0 speaks it
// with plain fetch too; no SDK). The wire code loads with the first Mistral request.
import { definePlugin, type AssistantMessageEvent, type PithPlugin, type StreamRequest } from "../../kernel/index.js";

export const MISTRAL_CONVERSATIONS_API = "mistral-conversations";

export function mistralProviderPlugin(): PithPlugin {
  return definePlugin({
    name: "provider-mistral",
    setup(context) {
      context.registerProvider({ api: MISTRAL_CONVERSATIONS_API, stream: streamMistral });
    },
  });
}

export async function* streamMistral(request: StreamRequest): AsyncGenerator<AssistantMessageEvent> {
  yield* (await import("./mistral-stream.js")).streamMistral(request);
}
