// One Bedrock ConverseStream call ("bedrock-converse-stream"): `POST {endpoint}/model/{id}/converse-stream`, signed
// with SigV4 for the credentials aws-credentials.ts finds, or with a Bedrock API key as Bearer
// (AWS_BEARER_TOKEN_BEDROCK, or a key from models.json / auth.json); read as an AWS event stream.
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/index.js";
import { guardProviderStream, httpAttempt, mergeHeaders, type HttpCall } from "../../lib/provider-kit/index.js";
import { awsCredentials } from "./aws-credentials.js";
import { bedrockErrorPrefix, readBedrockEvents } from "./bedrock-events.js";
import { buildBedrockRequest } from "./bedrock-request.js";
import { bedrockTarget } from "./bedrock-target.js";
import { signRequest, type AwsCredentials } from "./sigv4.js";

export function streamBedrock(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

/** A real key: not pith's "credentials found elsewhere" marker. */
function bearerToken(request: StreamRequest, env: NodeJS.ProcessEnv): string | undefined {
  const key = request.apiKey?.trim();
  if (key && !/^<[^>]+>$/.test(key)) return key;
  return env.AWS_BEARER_TOKEN_BEDROCK || undefined;
}

// For proxies that need no authentication (pi's AWS_BEDROCK_SKIP_AUTH): signed, but with keys nobody checks.
const DUMMY_CREDENTIALS: AwsCredentials = { accessKeyId: "dummy-access-key", secretAccessKey: "dummy-secret-key" };

const attempt = httpAttempt({
  build: (request) => buildBedrockRequest(request),
  async target(request, body) {
    const env = process.env;
    const { endpoint, region } = await bedrockTarget(request.model, env);
    const url = new URL(`${endpoint}/model/${encodeURIComponent(request.model.id)}/converse-stream`);
    const json = JSON.stringify(body);
    const headers: Record<string, string | null> = { accept: "application/vnd.amazon.eventstream", ...mergeHeaders(request.model.headers, request.headers) };
    const skipAuth = env.AWS_BEDROCK_SKIP_AUTH === "1";
    const token = skipAuth ? undefined : bearerToken(request, env);
    if (token) {
      headers["authorization"] = `Bearer ${token}`;
    } else {
      const credentials = skipAuth ? DUMMY_CREDENTIALS : await awsCredentials(env, request.signal);
      Object.assign(headers, signRequest({ url, body: json, headers: { "content-type": "application/json" }, credentials, region, service: "bedrock" }));
    }
    return { url: url.href, headers, encode: () => json };
  },
  read: (body, builder) => readBedrockEvents(body, builder),
  errorBody: bedrockErrorBody,
} satisfies HttpCall);

/** `{"message": …}` with the exception's name in `x-amzn-errortype` ("ThrottlingException:http://…"). */
function bedrockErrorBody(body: unknown, headers: Record<string, string>): unknown {
  const type = (headers["x-amzn-errortype"] ?? "").split(":")[0] || undefined;
  const text = typeof body === "object" && body !== null ? (body as { message?: unknown; Message?: unknown }).message ?? (body as { Message?: unknown }).Message : body;
  if (typeof text !== "string") return body;
  const prefix = type ? bedrockErrorPrefix(type) : undefined;
  return { message: prefix ? `${prefix}: ${text}` : text, ...(type ? { code: type } : {}) };
}
