// The options pith builds every provider SDK client with: the same for Anthropic's and OpenAI's, which share
// their option names.
import type { StreamRequest } from "../../kernel/index.js";
import { providerFetch, type FetchFunction } from "../http/http-fetch.js";

export interface SdkClientOptions {
  apiKey: string;
  baseURL: string;
  maxRetries: 0;
  logLevel: "off";
  defaultHeaders: Record<string, string | null>;
  fetch: FetchFunction;
}

export function sdkClientOptions(request: StreamRequest, headers: Record<string, string | null>): SdkClientOptions {
  const defaultHeaders: Record<string, string | null> = { ...headers };
  // Local servers (llama.cpp, Ollama, vLLM) need no key: send no "Bearer " header rather than an empty one, and
  // never let the SDK look for credentials elsewhere (OPENAI_API_KEY for a foreign endpoint, say).
  const hasAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === "authorization");
  if (!request.apiKey && !hasAuthorization) defaultHeaders["Authorization"] = null;
  return {
    apiKey: request.apiKey ?? "",
    baseURL: request.model.baseUrl,
    // retries are the retry plugin's job
    maxRetries: 0,
    // Failures reach the user as error events; SDK console output would garble the terminal UI.
    logLevel: "off",
    defaultHeaders,
    // node:http instead of undici: its first request costs no WebAssembly compile (see docs/providers.md).
    fetch: providerFetch(),
  };
}
