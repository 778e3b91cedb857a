// The ChatGPT backend's Responses events as the Responses reader takes them, on both transports: `response.done`
// ends a response like `response.completed`, and an `error` event (`{type, status?, error: {code, message}}`, or
// the code and message at the top) fails it, with pi's wording for a ChatGPT usage limit.
import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { isContextOverflowText, ProviderFailure } from "../../../lib/provider-kit/index.js";

const USAGE_LIMIT_CODES = /usage_limit_reached|usage_not_included|rate_limit_exceeded/i;

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === "object" && value !== null && !Array.isArray(value);

export async function* codexEvents(events: AsyncIterable<unknown>): AsyncGenerator<ResponseStreamEvent> {
  for await (const event of events) {
    if (!isFields(event)) continue;
    if (event.type === "error") throw codexEventError(event);
    if (event.type === "response.done") {
      yield { ...event, type: "response.completed" } as unknown as ResponseStreamEvent;
      return;
    }
    yield event as unknown as ResponseStreamEvent;
  }
}

/** pi's text for a ChatGPT plan's usage limit: the plan and when it resets; undefined for other errors. */
export function usageLimitMessage(status: number | undefined, error: Fields): string | undefined {
  const code = String(error.code ?? error.type ?? "");
  if (status !== 429 && !USAGE_LIMIT_CODES.test(code)) return undefined;
  const plan = typeof error.plan_type === "string" ? ` (${error.plan_type.toLowerCase()} plan)` : "";
  const minutes = typeof error.resets_at === "number" ? Math.max(0, Math.round((error.resets_at * 1000 - Date.now()) / 60_000)) : undefined;
  return `You have hit your ChatGPT usage limit${plan}.${minutes === undefined ? "" : ` Try again in ~${minutes} min.`}`;
}

/** An `error` event as the failure it reports: its status (if any) and code decide retrying. */
function codexEventError(event: Fields): ProviderFailure {
  const nested = isFields(event.error) ? event.error : {};
  const status = typeof event.status === "number" ? event.status : undefined;
  const code = [event.code, nested.code, nested.type].find((value): value is string => typeof value === "string" && value !== "");
  const text = [event.message, nested.message].find((value): value is string => typeof value === "string" && value !== "");
  const message = `Codex error: ${usageLimitMessage(status, { ...nested, ...(code ? { code } : {}) }) ?? text ?? code ?? JSON.stringify(event)}`;
  const kind = isContextOverflowText(message) ? "overflow" : status === 401 || status === 403 ? "auth" : status !== undefined ? "http" : "stream";
  return new ProviderFailure("PROVIDER_STREAM_ERROR", message, { kind, ...(status !== undefined ? { status } : {}), ...(code ? { errorType: code } : {}) });
}

/** An HTTP error of the SSE transport (the SDK's, with the body's `error` object) given pi's usage-limit text. */
export function withUsageLimitWording(error: unknown): unknown {
  const failure = error as { status?: unknown; error?: unknown };
  if (!(error instanceof Error) || typeof failure.status !== "number" || !isFields(failure.error)) return error;
  const inner = isFields(failure.error.error) ? failure.error.error : failure.error;
  const friendly = usageLimitMessage(failure.status, inner);
  if (friendly) failure.error = { ...inner, message: friendly };
  return error;
}
