// Turns a scripted reply into the exact pieces every wire format sends: deltas, ids, usage, stop reason.
import type { EncodeContext, ScriptedReply } from "./types.js";

export interface PlannedToolCall {
  id: string;
  name: string;
  argumentsText: string;
  argumentDeltas: string[];
}

export interface PlannedUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** the part of cacheWrite kept for an hour */
  cacheWrite1h: number;
}

export interface ReplyPlan {
  sequence: number;
  model: string;
  thinking: string;
  thinkingDeltas: string[];
  signature: string;
  text: string;
  textDeltas: string[];
  toolCalls: PlannedToolCall[];
  usage: PlannedUsage;
  stopReason: "stop" | "length" | "toolUse";
}

const DELTAS_PER_STRING = 3;

/** Splits on code points, so no delta ends inside a surrogate pair: into `pieces`, or pieces `length` code points long. */
export function splitIntoDeltas(text: string, pieces = DELTAS_PER_STRING, length?: number): string[] {
  const codePoints = Array.from(text);
  if (codePoints.length === 0) return [];
  const size = length ?? Math.ceil(codePoints.length / pieces);
  const deltas: string[] = [];
  for (let start = 0; start < codePoints.length; start += size) deltas.push(codePoints.slice(start, start + size).join(""));
  return deltas;
}

function deltasOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.filter((delta) => delta !== "") : splitIntoDeltas(value);
}

/** `toolIdPrefix` gives generated tool call ids the look of the api's own ("toolu_", "call_"). */
export function planReply(reply: ScriptedReply, context: EncodeContext, toolIdPrefix: string): ReplyPlan {
  const sequence = context.sequence ?? 1;
  const thinkingDeltas = deltasOf(reply.thinking);
  const textDeltas = deltasOf(reply.text);
  const toolCalls = (reply.toolCalls ?? []).map((call, index): PlannedToolCall => {
    const argumentsText = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
    return {
      id: call.id ?? `${toolIdPrefix}mock_${sequence}_${index + 1}`,
      name: call.name,
      argumentsText,
      argumentDeltas: splitIntoDeltas(argumentsText, DELTAS_PER_STRING, call.argumentDeltaLength),
    };
  });
  return {
    sequence,
    model: reply.model ?? context.model ?? "mock-model",
    thinking: thinkingDeltas.join(""),
    thinkingDeltas,
    signature: reply.thinkingSignature ?? `mock-signature-${sequence}`,
    text: textDeltas.join(""),
    textDeltas,
    toolCalls,
    usage: {
      input: reply.usage?.input ?? 0,
      output: reply.usage?.output ?? 0,
      cacheRead: reply.usage?.cacheRead ?? 0,
      cacheWrite: reply.usage?.cacheWrite ?? 0,
      cacheWrite1h: reply.usage?.cacheWrite1h ?? 0,
    },
    stopReason: reply.stopReason ?? (toolCalls.length > 0 ? "toolUse" : "stop"),
  };
}
