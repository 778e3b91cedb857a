// Which failed requests are worth sending again. One table of named rules, read top to bottom; the first rule
// that matches decides. Structured facts (error kind, HTTP status, the provider's error type) come first, the
// message text last, so "max_tokens: 500" in a 400 answer is never mistaken for an HTTP 500.
import type { AssistantMessage } from "../../kernel/index.js";
import type { ProviderErrorDetails } from "../../lib/provider-kit/provider-failure.js";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import { isContextOverflowText } from "../../lib/provider-kit/context-overflow.js";

export interface FailureFacts {
  message: string;
  details: ProviderErrorDetails | undefined;
}

export interface RetryRule {
  /** shown in decisions, so a surprising verdict can be traced to its row */
  name: string;
  retry: boolean;
  matches(facts: FailureFacts): boolean;
}

export interface RetryVerdict {
  retry: boolean;
  rule: string;
}

const TRANSIENT_STATUSES = new Set([408, 425, 429]);
const TRANSIENT_ERROR_TYPES =
  /^(overloaded_error|overloaded|rate_limit_error|rate_limit_exceeded|rate_limited|server_error|api_error|internal_error|internal_server_error|service_unavailable|service_unavailable_error|timeout|timeout_error)$/i;
// Limits that reset after hours or need the account's owner, as pi 1.6.0 lists them (pi-ai's retry.ts), however
// they arrive: a ChatGPT plan's usage limit (Codex's 429, in pi's wording), Sign in with ChatGPT's shared and workspace
// limits, OpenCode Go's plan limits, Z.ai's code 1308, quota and billing.
const QUOTA_TEXTS =
  /insufficient_quota|exceeded your current quota|billing|credit balance|payment required|usage_limit_reached|usage_not_included|ChatGPT usage limit|subscription_sharing_(workplace_individual_)?usage_limit_exceeded|GoUsageLimitError|FreeUsageLimitError|Monthly usage limit reached|available balance|out of budget|quota exceeded|"code"\s*:\s*"?1308(?![0-9])/i;
// Texts of transient failures when no status tells (dropped connections, proxies, SDK wrappers).
const TRANSIENT_TEXTS =
  /overloaded|rate.?limit|too many requests|service.?unavailable|server.?error|internal.?error|bad gateway|gateway time.?out|provider.?returned.?error|network.?error|connection.?(error|refused|lost|reset)|other side closed|fetch failed|socket hang up|upstream.?connect|reset before headers|websocket.?(closed|error)|http2 request did not get a response|ended without|timed? out|timeout|terminated|\b(429|5\d\d)\b/i;

const kindIs = (...kinds: string[]) => (facts: FailureFacts) => facts.details !== undefined && kinds.includes(facts.details.kind);
const status = (facts: FailureFacts) => facts.details?.status;

export const RETRY_RULES: readonly RetryRule[] = [
  {
    name: "context overflow (compaction handles it)",
    retry: false,
    matches: (facts) => kindIs("overflow")(facts) || isContextOverflowText(facts.message),
  },
  { name: "aborted by the user", retry: false, matches: kindIs("aborted") },
  { name: "refused by the model", retry: false, matches: kindIs("refusal") },
  { name: "authentication", retry: false, matches: (facts) => kindIs("auth")(facts) || status(facts) === 401 || status(facts) === 403 },
  {
    name: "usage limit, quota or billing",
    retry: false,
    matches: (facts) => QUOTA_TEXTS.test(facts.details?.errorType ?? "") || QUOTA_TEXTS.test(facts.message),
  },
  {
    name: "transient HTTP status",
    retry: true,
    matches: (facts) => {
      const code = status(facts);
      return code !== undefined && (TRANSIENT_STATUSES.has(code) || code >= 500);
    },
  },
  {
    name: "request rejected (4xx)",
    retry: false,
    matches: (facts) => {
      const code = status(facts);
      return code !== undefined && code >= 400 && code < 500;
    },
  },
  { name: "transient provider error type", retry: true, matches: (facts) => TRANSIENT_ERROR_TYPES.test(facts.details?.errorType ?? "") },
  { name: "network failure", retry: true, matches: kindIs("network") },
  { name: "transient error text", retry: true, matches: (facts) => TRANSIENT_TEXTS.test(facts.message) },
];

export function classifyFailure(facts: FailureFacts, rules: readonly RetryRule[] = RETRY_RULES): RetryVerdict {
  const rule = rules.find((candidate) => candidate.matches(facts));
  return rule ? { retry: rule.retry, rule: rule.name } : { retry: false, rule: "not a known transient failure" };
}

/** The facts of a failed reply; undefined for replies that did not fail with an error. */
export function failureFacts(message: AssistantMessage): FailureFacts | undefined {
  if (message.stopReason !== "error") return undefined;
  return { message: message.errorMessage ?? "", details: providerErrorDetails(message) };
}
