// The provider of the "pi-virtual" API: a request made with a virtual model asks its router for a physical model and
// thinking level, then goes to that model's own provider with that model's key, so providers and the assistant
// messages they build only ever name physical models (pi 1.6.0's docs/virtual-models.md). A request the loop makes
// is seen first by `model_request`; any other (a compaction summary, `ctx.modelRegistry.stream`) is a `direct` one.
import {
  applyAuth,
  errorMessage,
  failedReply,
  isTapped,
  type AssistantMessage,
  type AssistantMessageEvent,
  type HookSignature,
  type Message,
  type Model,
  type PluginContext,
  type ProviderApi,
  type StreamRequest,
  type ThinkingLevel,
} from "../../kernel/index.js";
import { clampThinkingLevel } from "../../lib/provider-kit/thinking-levels.js";
import type { ModelRegistry } from "./registry.js";
import { VIRTUAL_MODEL_API, VIRTUAL_MODEL_STATE_ENTRY, type ModelRouteReason, type ModelRouteRequest } from "./virtual-models.js";

interface StateData {
  provider: string;
  modelId: string;
  state: unknown;
}

/** `routed_request`: a request the loop makes with a virtual model, routed; `selected` is the virtual model. */
export interface RoutedRequestState {
  request: StreamRequest;
  selected: Model;
}

declare module "../../kernel/index.js" {
  interface HookSignatures {
    /** waterfall · a virtual model's loop request once the router chose its physical model · return the request to send (the route stands) */
    routed_request: HookSignature<RoutedRequestState, RoutedRequestState>;
  }
}

export function virtualModelRouter(context: PluginContext, registry: ModelRegistry): ProviderApi {
  const loopRequests = new WeakSet<StreamRequest>();
  /** the level each routed reply asked for, set on it when it ends (the kernel records the selected level) */
  const routedLevels = new WeakMap<object, ThinkingLevel>();
  /** the latest loop request that failed, for the `retry` that may follow */
  let failed: ModelRouteRequest["failed"];

  context.on("model_request", ({ request }) => {
    if (request.model.api === VIRTUAL_MODEL_API) loopRequests.add(request);
  });
  context.on("message_end", (state) => {
    const level = routedLevels.get(state.message);
    if (level !== undefined) (state.message as { thinkingLevel?: string }).thinkingLevel = level;
    return state;
  });

  /** The branch's latest state for the virtual model (pi keeps it in `pi.virtual-model-state` entries). */
  const storedState = (provider: string, modelId: string): unknown => {
    const branch = context.tryUse("sessions")?.manager.getBranch() ?? [];
    for (let index = branch.length - 1; index >= 0; index--) {
      const entry = branch[index]! as { type: string; customType?: string; data?: StateData };
      if (entry.type === "custom" && entry.customType === VIRTUAL_MODEL_STATE_ENTRY && entry.data?.provider === provider && entry.data.modelId === modelId) return entry.data.state;
    }
    return undefined;
  };

  const storeState = (data: StateData): void => {
    const manager = context.tryUse("sessions")?.manager;
    if (!manager) return;
    const entry = manager.getEntry(manager.appendCustomEntry(VIRTUAL_MODEL_STATE_ENTRY, data));
    if (entry) context.emit({ type: "entry_appended", entry });
  };

  /** Why the loop makes this request: a retry of the failed one, the first after a user message, or a continuation. */
  const reasonOf = (messages: readonly Message[]): ModelRouteReason => {
    const lastReply = messages.map((message) => message.role).lastIndexOf("assistant");
    const userTurn = messages.slice(lastReply + 1).find((message) => message.role === "user");
    if (failed && !(userTurn && userTurn.timestamp > failed.message.timestamp)) return "retry";
    return userTurn ? "user" : "continuation";
  };

  /** The latest successful reply's physical model and level. */
  const previousOf = (messages: readonly Message[]): ModelRouteRequest["previous"] => {
    const answered = (message: Message): message is AssistantMessage => message.role === "assistant" && message.stopReason !== "error" && message.stopReason !== "aborted";
    const latest = messages.filter(answered).at(-1);
    const model = latest && registry.findPhysical(latest.provider, latest.model);
    return model && { model, thinkingLevel: latest.thinkingLevel as ThinkingLevel | undefined };
  };

  async function* stream(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
    const selected = request.model;
    const name = `Virtual model ${selected.provider}/${selected.id}`;
    const direct = !loopRequests.has(request);
    const virtual = registry.virtualModels.get(selected.provider, selected.id);
    let routed: { request: StreamRequest; level: ThinkingLevel };
    try {
      if (!virtual) throw new Error(`${name} is not registered.`);
      const reason = direct ? "direct" : reasonOf(request.messages);
      const state = direct ? undefined : storedState(selected.provider, selected.id);
      const route = await virtual.route({
        model: selected,
        thinkingLevel: request.thinkingLevel,
        reason,
        previous: previousOf(request.messages),
        ...(reason === "retry" && failed ? { failed } : {}),
        ...(state === undefined ? {} : { state }),
        messages: [{ role: "system", content: request.systemPrompt }, ...request.messages],
        signal: request.signal,
      });
      if (!direct) failed = undefined;
      const chosen = `${name} routed to ${route?.model?.provider}/${route?.model?.id}`;
      const target = route?.model && registry.findPhysical(route.model.provider, route.model.id);
      if (!target) throw new Error(`${chosen}, which is not a physical model.`);
      if (!registry.hasAuth(target.provider)) throw new Error(`${chosen}, which has no credentials.`);
      if (!direct && route.state !== undefined && route.state !== state) storeState({ provider: selected.provider, modelId: selected.id, state: route.state });
      const hooks = context.hooks;
      const auth = isTapped(hooks.resolve_auth) ? await hooks.resolve_auth.promise({ model: target, signal: request.signal }) : undefined;
      const level = clampThinkingLevel(target, route.thinkingLevel);
      routed = { request: { ...request, ...(await applyAuth(hooks, target, auth)), thinkingLevel: level }, level };
      // the chosen model's window may be too small for the conversation (the compaction plugin compacts then)
      const owned = context.hooksOf("models");
      if (!direct && isTapped(owned.routed_request)) routed.request = (await owned.routed_request.promise({ request: routed.request, selected })).request;
    } catch (error) {
      const reply = failedReply(request.signal.aborted ? "aborted" : "error", errorMessage(error), undefined, selected);
      yield { type: "error", reason: reply.stopReason === "aborted" ? "aborted" : "error", error: reply };
      return;
    }
    const provider = context.getProvider(routed.request.model.api);
    if (!provider) {
      const reply = failedReply("error", `No provider plugin handles the "${routed.request.model.api}" API.`, undefined, routed.request.model);
      yield { type: "error", reason: "error", error: reply };
      return;
    }
    for await (const event of provider.stream(routed.request)) {
      if (event.type === "done" || event.type === "error") {
        const message = event.type === "done" ? event.message : event.error;
        routedLevels.set(message, routed.level);
        if (!direct) failed = message.stopReason === "error" ? { model: routed.request.model, thinkingLevel: routed.level, message } : undefined;
      }
      yield event;
    }
  }

  return { api: VIRTUAL_MODEL_API, stream };
}
