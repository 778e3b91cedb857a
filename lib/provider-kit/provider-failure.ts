// A failure a provider detects itself (refusal, truncated stream, unknown stop reason), carrying the facts the
// retry and compaction plugins read from the `provider_error` diagnostic.
import { PithError, type PithErrorCode } from "../../kernel/index.js";

/** Facts a provider records about a failed request, in `diagnostics[i].details` with type "provider_error". */
export interface ProviderErrorDetails {
  /** "http" | "network" | "stream" | "aborted" | "overflow" | "auth" | "refusal" | "invalid_response" */
  kind: string;
  status?: number;
  retryAfterMs?: number;
  /** provider's own error type, e.g. "overloaded_error", "rate_limit_exceeded" */
  errorType?: string;
}

export class ProviderFailure extends PithError {
  readonly details: ProviderErrorDetails;

  constructor(code: PithErrorCode, message: string, details: ProviderErrorDetails) {
    super(code, message);
    this.name = "ProviderFailure";
    this.details = details;
  }
}

/** The stream closed before the provider said the message was complete. */
export function streamEndedEarly(): ProviderFailure {
  return new ProviderFailure(
    "PROVIDER_STREAM_INCOMPLETE",
    "Provider stream ended without a final event; the response is incomplete",
    { kind: "stream" },
  );
}

/**
 * A successful status with a web page instead of the API's stream: a wrong baseUrl, a login portal or a proxy's
 * page. Said as such, since the stream reader would only find that no final event came.
 */
export function htmlInsteadOfApi(model: { provider: string; baseUrl: string }, status: number): ProviderFailure {
  return new ProviderFailure(
    "PROVIDER_HTML_RESPONSE",
    `The server at ${model.baseUrl} answered with an HTML page (HTTP ${status}), not the API: check the baseUrl of provider "${model.provider}" (models.json) and any proxy in between`,
    { kind: "invalid_response", status },
  );
}
