// Amazon Bedrock ("bedrock-converse-stream"): the Converse API's stream, signed with AWS Signature Version 4 or
// sent with a Bedrock API key, over pith's HTTP client. The wire code loads with the first Bedrock request.
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
