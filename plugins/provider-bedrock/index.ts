// Amazon Bedrock ("bedrock-converse-stream"): the Converse API's stream through the AWS SDK, signed for the SDK's
// standard credential chain or sent with a Bedrock API key. The SDK and the wire code load with the first Bedrock
// request.
import { definePlugin, type AssistantMessageEvent, type PithPlugin, type StreamRequest } from "../../kernel/index.js";

export const BEDROCK_CONVERSE_STREAM_API = "bedrock-converse-stream";

export function bedrockProviderPlugin(): PithPlugin {
  return definePlugin({
    name: "provider-bedrock",
    setup(context) {
      context.registerProvider({ api: BEDROCK_CONVERSE_STREAM_API, stream: streamBedrock });
    },
  });
}

export async function* streamBedrock(request: StreamRequest): AsyncGenerator<AssistantMessageEvent> {
  yield* (await import("./bedrock-stream.js")).streamBedrock(request);
}
