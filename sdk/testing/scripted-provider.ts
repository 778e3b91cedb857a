// An in-process provider that answers with scripted turns, for testing plugins without a network or API key.
// It builds its events with the kernel's AssistantMessageBuilder, so the sequence matches the real providers'.
import { AssistantMessageBuilder } from "../../lib/provider-kit/assistant-builder.js";
import { errorMessage, type AssistantMessageEvent, type ProviderApi, type StreamRequest } from "../../kernel/index.js";
import type { ProviderErrorDetails } from "../../lib/provider-kit/provider-failure.js";
import type { ScriptedStep, ScriptedTurn } from "./scripted-turn.js";

export const SCRIPTED_API = "scripted";

export interface ScriptedProviderOptions {
  /** the wire protocol name the provider registers under; default "scripted" */
  api?: string;
  /** turns answered in order, one per request */
  turns?: ScriptedStep[];
}

export interface ScriptedProvider {
  api: string;
  /** every request received, in order, with messages and tools deep-copied at the time of the request */
  requests: StreamRequest[];
  /** the request bodies after `onPayload`, one per request that got that far */
  payloads: unknown[];
  enqueue(...turns: ScriptedStep[]): void;
  /** turns not yet answered */
  pending(): number;
  provider: ProviderApi;
}

export function createScriptedProvider(options: ScriptedProviderOptions = {}): ScriptedProvider {
  const api = options.api ?? SCRIPTED_API;
  const queue: ScriptedStep[] = [...(options.turns ?? [])];
  const requests: StreamRequest[] = [];
  const payloads: unknown[] = [];
  let toolCallCount = 0;
  const nextToolCallId = () => `scripted_call_${++toolCallCount}`;

  const provider: ProviderApi = {
    api,
    stream(request) {
      requests.push({ ...request, messages: snapshot(request.messages), tools: snapshot(request.tools) });
      // the turn is taken now, so requests consume turns in the order they were made even if read later
      return respond(request, requests.length, queue.shift(), { payloads, nextToolCallId });
    },
  };
  return {
    api,
    requests,
    payloads,
    enqueue: (...turns) => void queue.push(...turns),
    pending: () => queue.length,
    provider,
  };
}

interface ProviderState {
  payloads: unknown[];
  nextToolCallId: () => string;
}

/** Never throws: every failure, including a broken script, ends in an `error` event as with real providers. */
async function* respond(
  request: StreamRequest,
  requestNumber: number,
  step: ScriptedStep | undefined,
  state: ProviderState,
): AsyncGenerator<AssistantMessageEvent> {
  const builder = new AssistantMessageBuilder(request.model);
  const { signal } = request;
  const aborted = () => builder.fail("aborted", "Request was aborted", { kind: "aborted" });
  const scriptProblem = (message: string) =>
    builder.fail("error", `scripted provider: ${message}`, { kind: "invalid_response" });

  if (step === undefined) {
    yield signal.aborted ? aborted() : scriptProblem(`no turn left for request ${requestNumber}`);
    return;
  }
  let turn: ScriptedTurn;
  try {
    turn = await openTurn(request, step, state);
  } catch (error) {
    yield scriptProblem(`request ${requestNumber} failed before streaming: ${errorMessage(error)}`);
    return;
  }
  if (signal.aborted) {
    yield aborted();
    return;
  }
  const failure = turn.error;
  if (failure && !hasContent(turn)) {
    yield builder.fail("error", failure.message, httpDetails(failure));
    return;
  }

  yield builder.start();
  const events = contentEvents(turn, builder, state.nextToolCallId);
  for (;;) {
    await pause(turn.delayMs ?? 0, signal);
    if (signal.aborted) {
      yield aborted();
      return;
    }
    let next: IteratorResult<AssistantMessageEvent>;
    try {
      next = events.next();
    } catch (error) {
      yield scriptProblem(`turn ${requestNumber} could not be streamed: ${errorMessage(error)}`);
      return;
    }
    if (next.done) break;
    yield next.value;
  }
  if (turn.usage) builder.setUsage(turn.usage);
  if (failure) yield builder.fail("error", failure.message, httpDetails(failure));
  else yield builder.done(turn.stopReason ?? ((turn.toolCalls?.length ?? 0) > 0 ? "toolUse" : "stop"));
}

/** What happens before a real stream's first event: the payload hook, then the response head. */
async function openTurn(request: StreamRequest, step: ScriptedStep, state: ProviderState): Promise<ScriptedTurn> {
  const turn = typeof step === "function" ? step(request) : step;
  if (request.signal.aborted) return turn;
  const payload = requestPayload(request);
  const replaced = request.onPayload ? await request.onPayload(payload) : undefined;
  state.payloads.push(replaced ?? payload);
  // a failure before any content is an HTTP error (or, without a status, a connection that never answered);
  // a stream that breaks after its content began had a successful head
  const status = turn.error && !hasContent(turn) ? turn.error.status : 200;
  if (status !== undefined && !request.signal.aborted) {
    await request.onResponse?.({ status, headers: responseHeaders(turn) });
  }
  return turn;
}

function* contentEvents(
  turn: ScriptedTurn,
  builder: AssistantMessageBuilder,
  nextToolCallId: () => string,
): Generator<AssistantMessageEvent> {
  if (turn.thinking !== undefined) {
    const { index, event } = builder.thinkingStart();
    yield event;
    if (turn.thinking !== "") yield builder.thinkingDelta(index, turn.thinking);
    yield builder.thinkingEnd(index);
  }
  if (turn.text !== undefined) {
    const { index, event } = builder.textStart();
    yield event;
    for (const chunk of typeof turn.text === "string" ? [turn.text] : turn.text) {
      if (chunk !== "") yield builder.textDelta(index, chunk);
    }
    yield builder.textEnd(index);
  }
  for (const call of turn.toolCalls ?? []) {
    const { index, event } = builder.toolCallStart(call.id ?? nextToolCallId(), call.name);
    yield event;
    const json = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
    if (json !== "") yield builder.toolCallDelta(index, json);
    yield builder.toolCallEnd(index);
  }
}

function hasContent(turn: ScriptedTurn): boolean {
  return turn.text !== undefined || turn.thinking !== undefined || (turn.toolCalls?.length ?? 0) > 0;
}

function httpDetails(failure: NonNullable<ScriptedTurn["error"]>): ProviderErrorDetails {
  const details: ProviderErrorDetails = { kind: "http" };
  if (failure.status !== undefined) details.status = failure.status;
  if (failure.retryAfterMs !== undefined) details.retryAfterMs = failure.retryAfterMs;
  if (failure.errorType !== undefined) details.errorType = failure.errorType;
  return details;
}

function responseHeaders(turn: ScriptedTurn): Record<string, string> {
  const retryAfterMs = turn.error?.retryAfterMs;
  return retryAfterMs === undefined ? {} : { "retry-after-ms": String(retryAfterMs) };
}

/** What a real provider would send, as a plain object a payload hook can read and replace. */
function requestPayload(request: StreamRequest): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    model: request.model.id,
    system: request.systemPrompt,
    messages: snapshot(request.messages),
    tools: snapshot(request.tools),
    thinkingLevel: request.thinkingLevel,
  };
  if (request.maxTokens !== undefined) payload.maxTokens = request.maxTokens;
  if (request.temperature !== undefined) payload.temperature = request.temperature;
  if (request.sessionId !== undefined) payload.sessionId = request.sessionId;
  return payload;
}

/**
 * A deep copy. Tool result `details` may hold values structuredClone refuses (JSON then flattens them) or even
 * cycles (then the original is kept), and recording must never make `stream` throw.
 */
function snapshot<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    try {
      return JSON.parse(JSON.stringify(value)) as T;
    } catch {
      return value;
    }
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    signal.addEventListener("abort", finish, { once: true });
  });
}
