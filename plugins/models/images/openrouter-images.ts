// The "openrouter-images" API: one non-streamed chat completion asking for image output (`modalities`), answered
// with base64 `data:` URLs in `message.images`, through the OpenAI SDK as pi 1.6.0 sends it. Usage is priced from
// the model's per-token rates.
import type OpenAI from "openai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { classifyProviderError, headersToRecord, mergeHeaders, pithUserAgent, priceUsage, providerFetch, sanitizeText } from "../../../lib/provider-kit/index.js";
import type { Usage } from "../../../kernel/index.js";
import type { ImageModel } from "../model-types.js";
import type { AssistantImages, ImagesContext, ImagesOptions } from "./image-types.js";
import { withRequestRetry } from "./request-retry.js";

let sdk: Promise<typeof import("openai")> | undefined;

interface ImageChoiceMessage {
  content?: string | null;
  images?: Array<{ image_url?: string | { url?: string } }>;
}

interface RawUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number };
}

export async function generateOpenRouterImages(model: ImageModel, context: ImagesContext, options: ImagesOptions & { apiKey: string }): Promise<AssistantImages> {
  const result: AssistantImages = { api: model.api, provider: model.provider, model: model.id, output: [], stopReason: "stop", timestamp: Date.now() };
  const signal = options.signal ?? new AbortController().signal;
  try {
    // the named export: in the CLI the SDK is a vendor bundle, whose default import is its namespace
    const { OpenAI: OpenAIClient } = await (sdk ??= import("openai"));
    const headers = mergeHeaders({ "User-Agent": pithUserAgent() }, model.headers, options.headers);
    const client: OpenAI = new OpenAIClient({ apiKey: options.apiKey, baseURL: model.baseUrl, maxRetries: 0, logLevel: "off", defaultHeaders: headers, fetch: providerFetch() });
    const built = requestBody(model, context);
    // OpenRouter's `modalities` take "image", which the SDK's chat types do not know
    const body = ((await options.onPayload?.(built, model)) ?? built) as unknown as ChatCompletionCreateParamsNonStreaming;
    const send = () => client.chat.completions.create(body, { signal, ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}) }).withResponse();
    const { data, response } = await withRequestRetry(send, { maxRetries: options.maxRetries, maxRetryDelayMs: options.maxRetryDelayMs, signal });
    await options.onResponse?.({ status: response.status, headers: headersToRecord(response.headers) }, model);
    result.responseId = data.id;
    if (data.usage) result.usage = usageOf(data.usage as RawUsage, model);
    const message = data.choices[0]?.message as ImageChoiceMessage | undefined;
    if (typeof message?.content === "string" && message.content.length > 0) result.output.push({ type: "text", text: message.content });
    for (const image of message?.images ?? []) {
      const url = typeof image.image_url === "string" ? image.image_url : image.image_url?.url;
      const parts = url?.match(/^data:([^;]+);base64,(.+)$/s);
      if (parts) result.output.push({ type: "image", mimeType: parts[1]!, data: parts[2]! });
    }
    return result;
  } catch (error) {
    const failure = classifyProviderError(error, signal);
    return { ...result, stopReason: failure.reason, errorMessage: failure.message, code: failure.reason === "aborted" ? "IMAGE_GENERATION_ABORTED" : "IMAGE_GENERATION_FAILED" };
  }
}

function requestBody(model: ImageModel, context: ImagesContext) {
  const content = context.input.map((item) =>
    item.type === "text" ? { type: "text" as const, text: sanitizeText(item.text) } : { type: "image_url" as const, image_url: { url: `data:${item.mimeType};base64,${item.data}` } },
  );
  return {
    model: model.id,
    messages: [{ role: "user" as const, content }],
    stream: false as const,
    modalities: model.output.includes("text") ? ["image", "text"] : ["image"],
  };
}

/** OpenRouter's counts: cached tokens include the cache writes it reports apart. */
function usageOf(raw: RawUsage, model: ImageModel): Usage {
  const promptTokens = raw.prompt_tokens ?? 0;
  const cached = raw.prompt_tokens_details?.cached_tokens ?? 0;
  const cacheWrite = raw.prompt_tokens_details?.cache_write_tokens ?? 0;
  const cacheRead = cacheWrite > 0 ? Math.max(0, cached - cacheWrite) : cached;
  const input = Math.max(0, promptTokens - cacheRead - cacheWrite);
  const output = raw.completion_tokens ?? 0;
  const usage: Usage = { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  priceUsage(model.cost, usage);
  return usage;
}
