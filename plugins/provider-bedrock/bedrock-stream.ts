// One Bedrock ConverseStream call ("bedrock-converse-stream") through the AWS SDK: the Converse body pith builds
// (the JSON the REST protocol carries, which `onPayload` sees), sent as a ConverseStreamCommand signed with SigV4
// for the SDK's credentials or with a Bedrock API key as Bearer; the SDK decodes the event stream.
import type { ConverseStreamCommandInput } from "@aws-sdk/client-bedrock-runtime";
import { PithError, type AssistantMessageEvent, type ProviderResponseInfo, type StreamRequest } from "../../kernel/index.js";
import { guardProviderStream, HttpStatusError, mergeHeaders, type StreamAttempt } from "../../lib/provider-kit/index.js";
import { bedrockClient } from "./bedrock-client.js";
import { bedrockErrorPrefix, bedrockStreamException, readBedrockEvents } from "./bedrock-events.js";
import { buildBedrockRequest } from "./bedrock-request.js";
import type { BedrockRequestBody } from "./bedrock-wire.js";

export function streamBedrock(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

interface SmithyResponse {
  statusCode?: number;
  headers?: Record<string, string>;
}

type Middleware = (next: (args: { request: unknown }) => Promise<{ response: unknown }>) => (args: { request: unknown }) => Promise<{ response: unknown }>;

const attempt: StreamAttempt = async function* ({ request, builder, reportResponse }) {
  const built = buildBedrockRequest(request);
  const body = ((await request.onPayload?.(built.body)) ?? built.body) as BedrockRequestBody;
  const { sdk, client } = await bedrockClient(request);
  const command = new sdk.ConverseStreamCommand({ modelId: request.model.id, ...sdkInput(body) });
  const headers = mergeHeaders(request.model.headers, request.headers);
  const addHeaders: Middleware = (next) => (args) => {
    const sent = (args.request as { headers?: Record<string, string> }).headers;
    if (sent) for (const [name, value] of Object.entries(headers)) setHeader(sent, name, value);
    return next(args);
  };
  let head: ProviderResponseInfo | undefined;
  // Inside the SDK's deserializer: sees the response head of errors too, before they become exceptions.
  const readHead: Middleware = (next) => async (args) => {
    const result = await next(args);
    const response = result.response as SmithyResponse;
    if (typeof response.statusCode === "number") head = { status: response.statusCode, headers: { ...response.headers } };
    return result;
  };
  command.middlewareStack.add(addHeaders as never, { step: "build", priority: "low", name: "pithRequestHeaders" });
  command.middlewareStack.add(readHead as never, { step: "deserialize", name: "pithResponseHead" });
  let output;
  try {
    output = await client.send(command, { abortSignal: request.signal });
  } catch (error) {
    throw bedrockFailure(error, head);
  }
  await reportResponse(head ?? { status: output.$metadata.httpStatusCode ?? 200, headers: {} });
  if (!output.stream) throw new TypeError("terminated");
  yield builder.start();
  try {
    return yield* readBedrockEvents(output.stream, builder, request.onStreamEvent);
  } catch (error) {
    throw bedrockFailure(error, undefined);
  }
};

/** Later names win whatever their case; a `null` removes the header. */
function setHeader(headers: Record<string, string>, name: string, value: string | null): void {
  for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
  if (value !== null) headers[name] = value;
}

/** The SDK takes blobs (images, encrypted reasoning) as bytes, where the JSON body carries base64. */
function sdkInput(body: BedrockRequestBody): Omit<ConverseStreamCommandInput, "modelId"> {
  const messages = body.messages.map((message) => ({ ...message, content: message.content.map(withBytes) }));
  // The body's shape is the Converse JSON the SDK serialises; its types are the SDK's own spelling of it.
  return { ...body, messages } as unknown as Omit<ConverseStreamCommandInput, "modelId">;
}

function withBytes<Block extends object>(block: Block): Block {
  if ("image" in block) {
    const { image } = block as { image: { format: string; source: { bytes: string } } };
    return { image: { format: image.format, source: { bytes: Buffer.from(image.source.bytes, "base64") } } } as Block;
  }
  if ("toolResult" in block) {
    const { toolResult } = block as { toolResult: { content: object[] } };
    return { toolResult: { ...toolResult, content: toolResult.content.map(withBytes) } } as Block;
  }
  if ("reasoningContent" in block) {
    const { reasoningContent } = block as { reasoningContent: { redactedContent?: string } };
    if (reasoningContent.redactedContent !== undefined) return { reasoningContent: { redactedContent: Buffer.from(reasoningContent.redactedContent, "base64") } } as Block;
  }
  return block;
}

interface AwsError {
  name?: string;
  message?: string;
  $fault?: string;
  $metadata?: { httpStatusCode?: number };
  $response?: SmithyResponse;
}

/** The SDK's exceptions in the shapes pith's classifier reads, with pi's prefixes ("Throttling error: …"). */
function bedrockFailure(error: unknown, head: ProviderResponseInfo | undefined): unknown {
  if (!(error instanceof Error)) return error;
  const aws = error as AwsError;
  if (aws.name === "CredentialsProviderError") {
    return new PithError(
      "BEDROCK_NO_CREDENTIALS",
      `No AWS credentials for Amazon Bedrock: ${error.message}. Set AWS_PROFILE (run \`aws sso login\` for an SSO profile), AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or AWS_BEARER_TOKEN_BEDROCK.`,
    );
  }
  if (/^Region is missing/.test(error.message)) {
    return new PithError("BEDROCK_NO_REGION", "Amazon Bedrock has no region: set AWS_REGION, or a region in the AWS_PROFILE's profile.");
  }
  const status = aws.$metadata?.httpStatusCode ?? aws.$response?.statusCode ?? head?.status;
  const type = aws.name && aws.name !== "Error" ? aws.name : undefined;
  if (aws.$fault !== undefined && typeof status === "number" && status >= 300) {
    const headers = { ...head?.headers, ...aws.$response?.headers };
    const prefix = type ? bedrockErrorPrefix(type) : undefined;
    return new HttpStatusError(status, headers, { message: prefix ? `${prefix}: ${error.message}` : error.message, ...(type ? { code: type } : {}) });
  }
  if (type && bedrockErrorPrefix(type)) return bedrockStreamException(type, error.message);
  return error;
}
