// The OpenAI SDK, imported on first use (it costs tens of milliseconds at start-up) and one client per
// endpoint, key and header set. Retries are the retry plugin's job, so the SDK never retries.
import type OpenAI from "openai";
import type { StreamRequest } from "../../kernel/provider.js";
import { ClientCache, mergeHeaders, providerFetch } from "../provider-common/index.js";

let sdk: Promise<typeof import("openai")> | undefined;
const clients = new ClientCache<OpenAI>();

export async function openaiClient(request: StreamRequest): Promise<OpenAI> {
  const { default: OpenAIClient } = await (sdk ??= import("openai"));
  const headers = mergeHeaders(request.model.headers, request.headers);
  const identity = { baseUrl: request.model.baseUrl, apiKey: request.apiKey, headers };
  return clients.get(identity, () => {
    const defaultHeaders: Record<string, string | null> = { ...headers };
    // Local servers (llama.cpp, Ollama, vLLM) need no key; send no "Bearer " header rather than an empty one,
    // and never let the SDK fall back to OPENAI_API_KEY for a foreign endpoint.
    const hasAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === "authorization");
    if (!request.apiKey && !hasAuthorization) defaultHeaders["Authorization"] = null;
    return new OpenAIClient({
      apiKey: request.apiKey ?? "",
      baseURL: request.model.baseUrl,
      maxRetries: 0,
      // Failures reach the user as error events; SDK console output would garble the terminal UI.
      logLevel: "off",
      defaultHeaders,
      // node:http instead of undici: its first request costs no WebAssembly compile (see docs/providers.md).
      fetch: providerFetch(),
    });
  });
}
