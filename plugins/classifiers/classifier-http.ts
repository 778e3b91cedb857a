// One JSON classifier request, as pi-ai 1.6.0 sends it: POST with `Authorization: Bearer <key>`, pith's identity,
// the model's and the call's headers; `onPayload` may rewrite the body and `onResponse` sees the head; a fresh
// timeout per attempt; up to two retries (by default) of what the SDKs retry, waiting as the server asks.
import { PithError } from "../../kernel/index.js";
import { providerFetch } from "../../lib/http/http-fetch.js";
import { headersToRecord } from "../../lib/http/response-headers.js";
import { pithUserAgent } from "../../lib/provider-kit/client-identity.js";
import { priceUsage } from "../../lib/provider-kit/pricing.js";
import { parseRetryAfterMs } from "../../lib/provider-kit/retry-after.js";
import { abortablePause, sdkRetryable, sdkRetryDelay } from "../../lib/provider-kit/sdk-retry-policy.js";
import type { Usage } from "../../kernel/index.js";
import type { ClassifierModel } from "../models/model-types.js";
import type { ClassifierOptions } from "./classifier-types.js";

const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;

/** A failed HTTP exchange: `label error (status): body`, as pi words it. */
export class ClassifierHttpError extends PithError {
  constructor(
    label: string,
    readonly status: number,
    readonly headers: Record<string, string>,
    body: string,
  ) {
    super("CLASSIFIER_REQUEST_FAILED", `${label} error (${status}): ${body}`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A finite number, or the service's answer is malformed. */
export function requiredNumber(label: string, value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new PithError("CLASSIFIER_REQUEST_FAILED", `${label} returned an invalid ${field}`);
  return value;
}

export function malformed(message: string): PithError {
  return new PithError("CLASSIFIER_REQUEST_FAILED", message);
}

function delayBeforeRetry(error: ClassifierHttpError, retryIndex: number, maxDelayMs: number): number {
  const delay = sdkRetryDelay(parseRetryAfterMs(error.headers), retryIndex, maxDelayMs);
  if ("tooLong" in delay) throw new PithError("CLASSIFIER_REQUEST_FAILED", `${delay.tooLong} ${error.message}`);
  return delay.delayMs;
}

export interface ClassifierPost {
  label: string;
  url: URL;
  model: ClassifierModel;
  body: unknown;
  options: ClassifierOptions & { apiKey: string };
  /** statuses that fail at once although the SDKs would retry them */
  noRetryStatuses?: readonly number[];
}

/** Sends the request (retrying as above) and answers the parsed JSON body; throws on failure. */
export async function postClassifierRequest({ label, url, model, body, options, noRetryStatuses = [] }: ClassifierPost): Promise<unknown> {
  const payload = (await options.onPayload?.(body, model)) ?? body;
  const headers = { "User-Agent": pithUserAgent(), authorization: `Bearer ${options.apiKey}`, "content-type": "application/json", ...model.headers, ...options.headers };
  const maxRetries = options.maxRetries ?? 2;
  for (let attempt = 0; ; attempt++) {
    const timeout = options.timeoutMs !== undefined ? AbortSignal.timeout(options.timeoutMs) : undefined;
    const signal = options.signal && timeout ? AbortSignal.any([options.signal, timeout]) : (options.signal ?? timeout);
    try {
      const response = await providerFetch()(url, { method: "POST", headers, body: JSON.stringify(payload), signal });
      const responseHeaders = headersToRecord(response.headers);
      if (!response.ok) throw new ClassifierHttpError(label, response.status, responseHeaders, await response.text());
      const json: unknown = await response.json();
      await options.onResponse?.({ status: response.status, headers: responseHeaders }, model);
      return json;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (timeout?.aborted) throw new PithError("CLASSIFIER_REQUEST_FAILED", `Request timed out after ${options.timeoutMs}ms`);
      const again = error instanceof ClassifierHttpError ? sdkRetryable(error.status, error.headers) && !noRetryStatuses.includes(error.status) : true;
      if (attempt >= maxRetries || !again) throw error;
      const wait = error instanceof ClassifierHttpError ? delayBeforeRetry(error, attempt, options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS) : Math.min(0.5 * 2 ** attempt, 8) * 1000;
      await abortablePause(wait, options.signal);
    }
  }
}

function tokenCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Usage from `{ input_tokens, output_tokens }`, priced from the catalogue; a missing or odd object gives none. */
export function classifierUsage(value: unknown, model: ClassifierModel): Usage | undefined {
  if (!isRecord(value) || (value.input_tokens === undefined && value.output_tokens === undefined)) return undefined;
  const input = tokenCount(value.input_tokens);
  const output = tokenCount(value.output_tokens);
  const usage: Usage = { input, output, cacheRead: 0, cacheWrite: 0, totalTokens: input + output, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  priceUsage(model.cost, usage);
  return usage;
}
