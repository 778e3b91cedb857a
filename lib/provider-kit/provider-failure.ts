// A failure a provider detects itself (refusal, truncated stream, unknown stop reason), carrying the facts the
// retry and compaction plugins read from the `provider_error` diagnostic.
import { PithError } from "../../kernel/errors.js";
import type { ProviderErrorDetails } from "../../kernel/provider.js";

export class ProviderFailure extends PithError {
  readonly details: ProviderErrorDetails;

  constructor(code: string, message: string, details: ProviderErrorDetails) {
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
