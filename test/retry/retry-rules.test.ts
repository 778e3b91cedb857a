// The classification table: structured facts first, message text last.
import { describe, expect, it } from "vitest";
import type { ProviderErrorDetails } from "../../lib/provider-kit/provider-failure.js";
import { AssistantMessageBuilder } from "../../lib/provider-kit/index.js";
import { classifyFailure, failureFacts, RETRY_RULES } from "../../plugins/retry/index.js";
import { scriptedModel } from "../../sdk/testing/index.js";

const verdict = (message: string, details?: ProviderErrorDetails) => classifyFailure({ message, details });

describe("classifyFailure", () => {
  it.each([
    ["529 overloaded", "529 overloaded_error: Overloaded", { kind: "http", status: 529, errorType: "overloaded_error" }],
    ["429 rate limit", "429 rate_limit_error: slow down", { kind: "http", status: 429 }],
    ["500", "500 api_error: Internal server error", { kind: "http", status: 500 }],
    ["503 without a body", "503 status code (no body)", { kind: "http", status: 503 }],
    ["408 timeout", "408 Request Timeout", { kind: "http", status: 408 }],
    ["an overloaded stream error", "overloaded_error: Overloaded", { kind: "stream", errorType: "overloaded_error" }],
    ["a refused connection", "Connection error: fetch failed (connect ECONNREFUSED)", { kind: "network" }],
    ["a dropped stream", "Connection lost while streaming: terminated (other side closed)", { kind: "network" }],
    ["a stream that ended early", "Provider stream ended without a final event; the response is incomplete", { kind: "stream" }],
    ["an error without facts", "socket hang up", undefined],
  ] as const)("retries %s", (_name, message, details) => {
    expect(verdict(message, details as ProviderErrorDetails | undefined).retry).toBe(true);
  });

  it.each([
    ["a context overflow by kind", "whatever", { kind: "overflow", status: 400 }, "context overflow"],
    ["a context overflow by text", "prompt is too long: 250000 tokens > 200000 maximum", { kind: "http", status: 400 }, "context overflow"],
    ["an abort", "Request was aborted", { kind: "aborted" }, "aborted"],
    ["a bad key", "401 authentication_error: invalid x-api-key", { kind: "auth", status: 401 }, "authentication"],
    ["an exhausted quota (even as 429)", "429 insufficient_quota: You exceeded your current quota", { kind: "http", status: 429, errorType: "insufficient_quota" }, "quota"],
    ["a ChatGPT plan's usage limit (Codex, 429)", "429 usage_limit_reached: You have hit your ChatGPT usage limit (plus plan).", { kind: "http", status: 429, errorType: "usage_limit_reached" }, "usage limit"],
    ["Codex's usage limit as a WebSocket error event", "Codex error: You have hit your ChatGPT usage limit.", { kind: "stream", errorType: "rate_limit_exceeded" }, "usage limit"],
    ["Sign in with ChatGPT's shared limit", "429 subscription_sharing_usage_limit_exceeded", { kind: "http", status: 429 }, "usage limit"],
    ["Z.ai's plan limit (code 1308)", '429 {"code":1308,"msg":"Usage limit reached"}', { kind: "http", status: 429 }, "usage limit"],
    ["a 400 that mentions 500", "400 invalid_request_error: max_tokens: 500 > 400", { kind: "http", status: 400 }, "rejected"],
    ["a 404", "404 not_found_error: model: claude-nope", { kind: "http", status: 404 }, "rejected"],
    ["an unknown error", "Malformed response from provider: Unexpected token", { kind: "invalid_response" }, "not a known"],
  ] as const)("does not retry %s", (_name, message, details, rule) => {
    const result = verdict(message, details as ProviderErrorDetails);
    expect(result.retry).toBe(false);
    expect(result.rule).toContain(rule);
  });

  it("names the rule that decided, first match wins", () => {
    expect(verdict("overloaded", { kind: "http", status: 529 }).rule).toBe("transient HTTP status");
    expect(RETRY_RULES.map((rule) => rule.name)[0]).toContain("context overflow");
  });

  it("accepts a table of one's own", () => {
    const never = [{ name: "never", retry: false, matches: () => true }];
    expect(classifyFailure({ message: "529", details: { kind: "http", status: 529 } }, never)).toEqual({ retry: false, rule: "never" });
  });
});

describe("failureFacts", () => {
  it("reads the provider_error diagnostic of a failed reply and ignores replies that did not fail", () => {
    const failed = new AssistantMessageBuilder(scriptedModel());
    const event = failed.fail("error", "529 overloaded", { kind: "http", status: 529, retryAfterMs: 1000 });
    expect(event.type === "error" && failureFacts(event.error)).toEqual({
      message: "529 overloaded",
      details: { kind: "http", status: 529, retryAfterMs: 1000 },
    });
    const aborted = new AssistantMessageBuilder(scriptedModel()).fail("aborted", "Request was aborted");
    expect(aborted.type === "error" && failureFacts(aborted.error)).toBeUndefined();
  });
});
