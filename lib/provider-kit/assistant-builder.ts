// Builds one streamed assistant message and the events that describe each step, so every provider
// (and the scripted test provider) emits the same event sequence pi clients expect.
import { emptyUsage, type AssistantMessage, type StopReason, type ToolCall, type Usage, type Model, type AssistantMessageEvent } from "../../kernel/index.js";
import type { ProviderErrorDetails } from "./provider-failure.js";
import { PartialJsonReader } from "./partial-json-reader.js";
import { parseJsonWithRepair } from "../json/repair-json.js";
import { priceUsage } from "./pricing.js";

export interface UsageReport {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
  /** the part of cacheWrite kept for an hour (Anthropic's 1h cache TTL) */
  cacheWrite1h?: number;
}

export class AssistantMessageBuilder {
  readonly message: AssistantMessage;
  private readonly model: Model;
  private cost: Model["cost"];
  /** each streaming tool call's arguments text, read as it arrives */
  private readonly toolJson = new Map<number, PartialJsonReader>();

  constructor(model: Model, timestamp = Date.now()) {
    this.model = model;
    this.cost = model.cost;
    this.message = {
      role: "assistant",
      content: [],
      api: model.api,
      provider: model.provider,
      model: model.id,
      usage: emptyUsage(),
      stopReason: "pending",
      timestamp,
    };
  }

  start(): AssistantMessageEvent {
    return { type: "start", partial: this.message };
  }

  textStart(): { index: number; event: AssistantMessageEvent } {
    const index = this.message.content.push({ type: "text", text: "" }) - 1;
    return { index, event: { type: "text_start", contentIndex: index, partial: this.message } };
  }

  textDelta(index: number, delta: string): AssistantMessageEvent {
    const block = this.message.content[index];
    if (block?.type === "text") block.text += delta;
    return { type: "text_delta", contentIndex: index, delta, partial: this.message };
  }

  textEnd(index: number, signature?: string): AssistantMessageEvent {
    const block = this.message.content[index];
    const text = block?.type === "text" ? block.text : "";
    if (block?.type === "text" && signature) block.textSignature = signature;
    return { type: "text_end", contentIndex: index, content: text, partial: this.message };
  }

  thinkingStart(): { index: number; event: AssistantMessageEvent } {
    const index = this.message.content.push({ type: "thinking", thinking: "" }) - 1;
    return { index, event: { type: "thinking_start", contentIndex: index, partial: this.message } };
  }

  thinkingDelta(index: number, delta: string): AssistantMessageEvent {
    const block = this.message.content[index];
    if (block?.type === "thinking") block.thinking += delta;
    return { type: "thinking_delta", contentIndex: index, delta, partial: this.message };
  }

  /** Signatures arrive separately from the text in some protocols. */
  setThinkingSignature(index: number, signature: string, redacted = false): void {
    const block = this.message.content[index];
    if (block?.type !== "thinking") return;
    block.thinkingSignature = (block.thinkingSignature ?? "") + signature;
    if (redacted) block.redacted = true;
  }

  thinkingEnd(index: number): AssistantMessageEvent {
    const block = this.message.content[index];
    const thinking = block?.type === "thinking" ? block.thinking : "";
    return { type: "thinking_end", contentIndex: index, content: thinking, partial: this.message };
  }

  toolCallStart(id: string, name: string): { index: number; event: AssistantMessageEvent } {
    const index = this.message.content.push({ type: "toolCall", id, name, arguments: {} }) - 1;
    this.toolJson.set(index, new PartialJsonReader());
    return { index, event: { type: "toolcall_start", contentIndex: index, partial: this.message } };
  }

  /**
   * Appends a fragment of the arguments' JSON; the arguments seen so far are parsed leniently (parsePartialJson's
   * value, read incrementally so a long argument is not parsed again on every fragment).
   */
  toolCallDelta(index: number, jsonFragment: string): AssistantMessageEvent {
    let reader = this.toolJson.get(index);
    if (!reader) this.toolJson.set(index, (reader = new PartialJsonReader()));
    reader.append(jsonFragment);
    const block = this.message.content[index];
    if (block?.type === "toolCall") {
      const parsed = reader.value;
      if (parsed !== undefined) block.arguments = parsed;
    }
    return { type: "toolcall_delta", contentIndex: index, delta: jsonFragment, partial: this.message };
  }

  /**
   * Final arguments, read as pi 1.6.0 reads them (raw control characters and stray backslashes in strings repaired:
   * ../json/repair-json.ts). Malformed JSON leaves `arguments` as the best partial parse and records the raw text under
   * `__invalidJson`, so argument validation reports it to the model instead of running the tool with guesses.
   */
  toolCallEnd(index: number, finalArguments?: Record<string, unknown>): AssistantMessageEvent {
    const block = this.message.content[index] as ToolCall;
    if (finalArguments) {
      block.arguments = finalArguments;
    } else {
      const json = this.toolJson.get(index)?.text ?? "";
      if (json.trim() === "") {
        block.arguments = {};
      } else {
        try {
          const value: unknown = parseJsonWithRepair(json);
          block.arguments = isRecord(value) ? value : { __invalidJson: json };
        } catch {
          block.arguments = { __invalidJson: json };
        }
      }
    }
    this.toolJson.delete(index);
    return { type: "toolcall_end", contentIndex: index, toolCall: block, partial: this.message };
  }

  /** Prices this reply's usage with another cost table from now on (another model answered: a server-side fallback). */
  priceAs(cost: Model["cost"]): void {
    this.cost = cost;
    this.setUsage({});
  }

  /** Records token counts (fields left out keep their value) and prices them from the model's cost table. */
  setUsage(report: UsageReport): void {
    const usage: Usage = this.message.usage;
    if (report.input !== undefined) usage.input = report.input;
    if (report.output !== undefined) usage.output = report.output;
    if (report.cacheRead !== undefined) usage.cacheRead = report.cacheRead;
    if (report.cacheWrite !== undefined) usage.cacheWrite = report.cacheWrite;
    if (report.cacheWrite1h !== undefined) usage.cacheWrite1h = report.cacheWrite1h;
    usage.totalTokens = usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
    usage.cost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
    priceUsage(this.cost, usage);
  }

  setResponseMeta(meta: { responseId?: string; responseModel?: string }): void {
    if (meta.responseId) this.message.responseId = meta.responseId;
    if (meta.responseModel && meta.responseModel !== this.model.id) this.message.responseModel = meta.responseModel;
  }

  /** The effort the request sent as a mid-conversation setting, replayed before this reply in later requests. */
  setProviderThinkingLevel(level: string | undefined): void {
    if (level !== undefined) this.message.providerThinkingLevel = level;
  }

  /** The provider's own stop reason, kept beside pith's (pi 1.6.0's `rawStopReason`). */
  setRawStopReason(raw: string): void {
    this.message.rawStopReason = raw;
  }

  done(reason: "stop" | "length" | "toolUse"): AssistantMessageEvent {
    this.message.stopReason = reason;
    return { type: "done", reason, message: this.message };
  }

  fail(reason: Extract<StopReason, "error" | "aborted">, errorMessage: string, details?: ProviderErrorDetails): AssistantMessageEvent {
    this.message.stopReason = reason;
    this.message.errorMessage = errorMessage;
    if (details) {
      const diagnostics = this.message.diagnostics ?? (this.message.diagnostics = []);
      diagnostics.push({
        type: "provider_error",
        timestamp: Date.now(),
        error: { message: errorMessage, ...(details.errorType ? { code: details.errorType } : {}) },
        details: { ...details },
      });
    }
    return { type: "error", reason, error: this.message };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The provider error facts a failed message carries, if any. */
export function providerErrorDetails(message: AssistantMessage): ProviderErrorDetails | undefined {
  const diagnostic = message.diagnostics?.find((entry) => entry.type === "provider_error");
  const details = diagnostic?.details;
  if (!details || typeof details.kind !== "string") return undefined;
  return details as unknown as ProviderErrorDetails;
}
