// The Anthropic SDK, imported on first use (it costs tens of milliseconds at start-up) and one client per
// endpoint, key and header set. Retries are the retry plugin's job, so the SDK never retries.
import type Anthropic from "@anthropic-ai/sdk";
import type { StreamRequest } from "../../kernel/provider.js";
import { ClientCache, mergeHeaders } from "../provider-common/index.js";

let sdk: Promise<typeof import("@anthropic-ai/sdk")> | undefined;
const clients = new ClientCache<Anthropic>();

export async function anthropicClient(request: StreamRequest): Promise<Anthropic> {
  const { default: AnthropicClient } = await (sdk ??= import("@anthropic-ai/sdk"));
  const headers = mergeHeaders(request.model.headers, request.headers);
  const identity = { baseUrl: request.model.baseUrl, apiKey: request.apiKey, headers };
  return clients.get(identity, () => {
    const defaultHeaders: Record<string, string | null> = { ...headers };
    // Without a key nothing is sent (local servers); the SDK must not look for credentials elsewhere.
    if (!request.apiKey && !hasHeader(headers, "authorization")) defaultHeaders["Authorization"] = null;
    return new AnthropicClient({
      apiKey: request.apiKey ?? "",
      baseURL: request.model.baseUrl,
      maxRetries: 0,
      // Failures reach the user as error events; SDK console output would garble the terminal UI.
      logLevel: "off",
      defaultHeaders,
    });
  });
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}
