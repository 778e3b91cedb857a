// pi-ai's faux provider core (`createFauxCore`): models that answer with scripted replies, for extensions and
// their tests. Each request takes the next queued step (a message, or a function of the request that makes one),
// stamps it with the model, estimates its usage (./faux-usage.ts) and plays it as a stream (./faux-stream.ts). With
// `deferred` in the request's options the reply is parked behind a handle that `fetchDeferred` collects.
import type { AssistantMessage, Model } from "../../../../kernel/index.js";
import { AssistantMessageEventStream } from "./event-stream.js";
import { failedRequestMessage } from "./lazy-stream.js";
import type { LlmContext } from "./llm.js";
import { playReply, type Pace } from "./faux-stream.js";
import { withEstimatedUsage, type PromptCache } from "./faux-usage.js";
import { zeroUsage } from "./zero-usage.js";

export interface FauxModelDefinition {
  id: string;
  name?: string;
  reasoning?: boolean;
  input?: ("text" | "image")[];
  inputLimits?: unknown;
  cost?: Model["cost"];
  contextWindow?: number;
  maxTokens?: number;
}

export interface RegisterFauxProviderOptions {
  api?: string;
  provider?: string;
  models?: FauxModelDefinition[];
  deferred?: { pendingFetches?: number; pollAfterMs?: number };
  tokensPerSecond?: number;
  tokenSize?: { min?: number; max?: number };
}

export interface FauxProviderState {
  callCount: number;
  deferredFetchCount: number;
  cancelledDeferred: DeferredHandle[];
}

export interface DeferredHandle {
  provider: string;
  modelId: string;
  api: string;
  id: string;
  pollAfterMs?: number;
}

/** the faux options pi-ai's stream functions read */
export interface FauxRequestOptions {
  signal?: AbortSignal;
  sessionId?: string;
  cacheRetention?: string;
  deferred?: unknown;
  onResponse?(response: { status: number; headers: Record<string, string> }, model: Model): unknown;
}

export type FauxResponseStep = AssistantMessage | ((context: LlmContext, options: FauxRequestOptions | undefined, state: FauxProviderState, model: Model) => AssistantMessage | Promise<AssistantMessage>);

interface ParkedReply {
  handle: DeferredHandle;
  step: FauxResponseStep;
  context: LlmContext;
  options: FauxRequestOptions;
  model: Model;
  pendingFetches: number;
  cancelled: boolean;
  final?: AssistantMessage;
}

const uniqueId = (prefix: string) => `${prefix}:${Date.now()}:${Math.random().toString(36).slice(2)}`;

function fauxModel(definition: FauxModelDefinition, api: string, provider: string): Model {
  return {
    id: definition.id,
    name: definition.name ?? definition.id,
    api,
    provider,
    baseUrl: "http://localhost:0",
    reasoning: definition.reasoning ?? false,
    input: definition.input ?? ["text", "image"],
    inputLimits: definition.inputLimits,
    cost: definition.cost ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: definition.contextWindow ?? 128000,
    maxTokens: definition.maxTokens ?? 16384,
  } as Model;
}

const DEFAULT_MODEL: FauxModelDefinition = { id: "faux-1", name: "Faux Model", reasoning: false, input: ["text", "image"], contextWindow: 128000, maxTokens: 16384 };

export function createFauxCore(options: RegisterFauxProviderOptions) {
  const api = options.api ?? uniqueId("faux");
  const provider = options.provider ?? "faux";
  const minTokens = Math.max(1, Math.min(options.tokenSize?.min ?? 3, options.tokenSize?.max ?? 5));
  const pace: Pace = { minTokens, maxTokens: Math.max(minTokens, options.tokenSize?.max ?? 5), tokensPerSecond: options.tokensPerSecond };
  const state: FauxProviderState = { callCount: 0, deferredFetchCount: 0, cancelledDeferred: [] };
  const promptCache: PromptCache = new Map();
  const parked = new Map<string, ParkedReply>();
  let queue: FauxResponseStep[] = [];
  const models = (options.models?.length ? options.models : [DEFAULT_MODEL]).map((definition) => fauxModel(definition, api, provider)) as [Model, ...Model[]];

  const failure = (error: unknown, modelId: string): AssistantMessage => ({ ...failedRequestMessage({ api, provider, id: modelId } as Model, error, "error"), usage: zeroUsage() });
  const resolveReply = async (step: FauxResponseStep, context: LlmContext, requestOptions: FauxRequestOptions | undefined, model: Model) => {
    const made = typeof step === "function" ? await step(context, requestOptions, state, model) : step;
    const copy = structuredClone(made);
    const stamped: AssistantMessage = { ...copy, api, provider, model: model.id, timestamp: copy.timestamp ?? Date.now(), usage: copy.usage ?? zeroUsage() };
    return withEstimatedUsage(stamped, context.messages as never, requestOptions, promptCache);
  };
  const parkedReply = (model: Model, handle: DeferredHandle): AssistantMessage => ({
    role: "assistant",
    content: [],
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: zeroUsage(),
    stopReason: "deferred",
    deferred: handle,
    timestamp: Date.now(),
  } as AssistantMessage);
  /** runs `work` after the caller got its stream; a failure ends the stream with an error event */
  const answer = (model: Model, work: (events: AssistantMessageEventStream) => Promise<void>): AssistantMessageEventStream => {
    const events = new AssistantMessageEventStream();
    queueMicrotask(() => {
      work(events).catch((error: unknown) => {
        const message = failure(error, model.id);
        events.push({ type: "error", reason: "error", error: message });
        events.end(message);
      });
    });
    return events;
  };

  const stream = (model: Model, context: LlmContext, requestOptions?: FauxRequestOptions): AssistantMessageEventStream => {
    const step = queue.shift();
    state.callCount++;
    return answer(model, async (events) => {
      await requestOptions?.onResponse?.({ status: 200, headers: {} }, model);
      if (!step) {
        const message = withEstimatedUsage(failure(new Error("No more faux responses queued"), model.id), context.messages as never, requestOptions, promptCache);
        events.push({ type: "error", reason: "error", error: message });
        events.end(message);
        return;
      }
      if (!requestOptions?.deferred) return playReply(events, await resolveReply(step, context, requestOptions, model), pace, requestOptions?.signal);
      const { pollAfterMs } = options.deferred ?? {};
      const handle: DeferredHandle = { provider: model.provider, modelId: model.id, api: model.api, id: uniqueId("deferred"), ...(pollAfterMs !== undefined ? { pollAfterMs } : {}) };
      const pendingFetches = Math.max(0, Math.floor(options.deferred?.pendingFetches ?? 0));
      parked.set(handle.id, { handle, step, context, options: requestOptions, model, pendingFetches, cancelled: false });
      await playReply(events, parkedReply(model, handle), pace, requestOptions.signal);
    });
  };

  const fetchDeferred = (model: Model, handle: DeferredHandle, fetchOptions?: FauxRequestOptions): AssistantMessageEventStream => {
    state.deferredFetchCount++;
    return answer(model, async (events) => {
      await fetchOptions?.onResponse?.({ status: 200, headers: {} }, model);
      const entry = parked.get(handle.id);
      const same = entry && entry.handle.provider === handle.provider && entry.handle.modelId === handle.modelId && entry.handle.api === handle.api;
      if (!entry || !same) throw new Error(`Unknown faux deferred response: ${handle.id}`);
      if (entry.cancelled) throw new Error(`Faux deferred response was cancelled: ${handle.id}`);
      if (entry.pendingFetches > 0) {
        entry.pendingFetches--;
        return playReply(events, parkedReply(model, entry.handle), pace, fetchOptions?.signal);
      }
      if (!entry.final) {
        // the submission's signal and observers belong to the submission, not to this fetch
        const { deferred: _deferred, signal: _signal, onResponse: _onResponse, ...submitted } = entry.options;
        entry.final = await resolveReply(entry.step, entry.context, submitted, entry.model).catch((error: unknown) => failure(error, entry.model.id));
      }
      await playReply(events, entry.final, pace, fetchOptions?.signal);
    });
  };

  const cancelDeferred = async (model: Model, handle: DeferredHandle, cancelOptions?: FauxRequestOptions): Promise<void> => {
    state.cancelledDeferred.push(structuredClone(handle));
    const entry = parked.get(handle.id);
    if (entry) entry.cancelled = true;
    await cancelOptions?.onResponse?.({ status: 200, headers: {} }, model);
  };

  function getModel(): Model;
  function getModel(modelId: string): Model | undefined;
  function getModel(modelId?: string): Model | undefined {
    return modelId ? models.find((model) => model.id === modelId) : models[0];
  }

  return {
    api,
    provider,
    models,
    stream,
    streamSimple: stream,
    fetchDeferred,
    cancelDeferred,
    getModel,
    state,
    setResponses(responses: FauxResponseStep[]) {
      queue = [...responses];
    },
    appendResponses(responses: FauxResponseStep[]) {
      queue.push(...responses);
    },
    getPendingResponseCount: () => queue.length,
  };
}

export type FauxCore = ReturnType<typeof createFauxCore>;
