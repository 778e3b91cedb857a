// The Google providers: the Gemini API ("google-generative-ai") and Vertex AI ("google-vertex"), spoken through
// Google's Gen AI SDK. The SDK and the wire code load with the first request to one of them, so a run with another
// provider never compiles them.
import { definePlugin, type AssistantMessageEvent, type PithPlugin, type StreamRequest } from "../../kernel/index.js";

export const GOOGLE_GENERATIVE_AI_API = "google-generative-ai";
export const GOOGLE_VERTEX_API = "google-vertex";

export function googleProviderPlugin(): PithPlugin {
  return definePlugin({
    name: "provider-google",
    setup(context) {
      context.registerProvider({ api: GOOGLE_GENERATIVE_AI_API, stream: streamGoogleGenerativeAi });
      context.registerProvider({ api: GOOGLE_VERTEX_API, stream: streamGoogleVertex });
    },
  });
}

async function* streamGoogle(request: StreamRequest): AsyncGenerator<AssistantMessageEvent> {
  yield* (await import("./google-stream.js")).streamGoogle(request);
}

/** Both APIs take the same request; the model's `api` says which endpoint and credentials it goes to. */
export const streamGoogleGenerativeAi = streamGoogle;
export const streamGoogleVertex = streamGoogle;
