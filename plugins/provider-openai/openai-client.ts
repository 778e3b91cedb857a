// The OpenAI SDK, imported on first use (it costs tens of milliseconds at start-up) and one client per
// endpoint, key and header set. Retries are the retry plugin's job, so the SDK never retries.
import type OpenAI from "openai";
import type { StreamRequest } from "../../kernel/index.js";
import { ClientCache, clientIdentityHeaders, mergeHeaders, sdkClientOptions } from "../../lib/provider-kit/index.js";

let sdk: Promise<typeof import("openai")> | undefined;
const clients = new ClientCache<OpenAI>();

export async function openaiClient(request: StreamRequest): Promise<OpenAI> {
  // the named export: in the CLI the SDK is a vendor bundle, whose default import is its namespace (build/vendor-modules.mjs)
  const { OpenAI: OpenAIClient } = await (sdk ??= import("openai"));
  const headers = mergeHeaders(clientIdentityHeaders(request), request.model.headers, request.headers);
  const identity = { baseUrl: request.model.baseUrl, apiKey: request.apiKey, headers };
  return clients.get(identity, () => new OpenAIClient(sdkClientOptions(request, headers)));
}
