// The Google providers: the Gemini API ("google-generative-ai") and Vertex AI ("google-vertex"), spoken over
// plain HTTP and server-sent events. The wire code loads with the first request to one of them, so a run with
// another provider never compiles it.
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

export async function* streamGoogleGenerativeAi(request: StreamRequest): AsyncGenerator<AssistantMessageEvent> {
  yield* (await import("./google-stream.js")).streamGoogleGenerativeAi(request);
}

export async function* streamGoogleVertex(request: StreamRequest): AsyncGenerator<AssistantMessageEvent> {
  yield* (await import("./vertex-stream.js")).streamGoogleVertex(request);
}
