// The HTTP error body both OpenAI APIs answer with: `{"error": {message, type, param, code}}`.
import type { ErrorFields } from "./wire-format.js";

const DEFAULTS: Record<number, { type: string; code: string | null }> = {
  400: { type: "invalid_request_error", code: null },
  401: { type: "invalid_request_error", code: "invalid_api_key" },
  403: { type: "invalid_request_error", code: "unsupported_country_region_territory" },
  404: { type: "invalid_request_error", code: "model_not_found" },
  429: { type: "requests", code: "rate_limit_exceeded" },
};

export function openAiErrorBody(status: number, fields: ErrorFields): unknown {
  const defaults = DEFAULTS[status] ?? { type: "server_error", code: null };
  return { error: { message: fields.message, type: fields.type ?? defaults.type, param: null, code: fields.code ?? defaults.code } };
}
