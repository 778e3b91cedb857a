// A served `ModelRuntime`'s model calls: the key and headers come from its own models registry (its auth.json,
// models.json and runtime keys), the call from the provider it registered for the model's API (an extension's
// `streamSimple`), else from the session's provider plugin. A virtual model is routed first, as pi routes a direct
// request. Calls never throw: a failure ends the stream with an error event, as pi-ai's do.
import { PithError, errorMessage, type AssistantMessage, type Model, type ProviderApi } from "../../../../../kernel/index.js";
import { clampThinkingLevel } from "../../../../../lib/provider-kit/thinking-levels.js";
import { AssistantMessageBuilder } from "../../../../../lib/provider-kit/assistant-builder.js";
import type { ModelRegistry } from "../../../../models/registry.js";
import { isVirtualModel, type ModelRoute, type ModelRouteRequest } from "../../../../models/virtual-models.js";
import { AssistantMessageEventStream } from "../../pi-ai/event-stream.js";
import type { LlmContext, LlmStreamOptions } from "../../pi-ai/llm.js";

export type RouteOptions = Pick<ModelRouteRequest, "reason" | "thinkingLevel" | "signal" | "state"> & { failed?: AssistantMessage };
type Level = ModelRouteRequest["thinkingLevel"];

/** pi's `resolveModel`: the virtual model's router picks a physical model with credentials; its level is clamped to it. */
export async function routeVirtualModel(registry: ModelRegistry, model: Model, messages: ModelRouteRequest["messages"], options: RouteOptions): Promise<ModelRoute> {
  const name = `Virtual model ${model.provider}/${model.id}`;
  const virtual = registry.virtualModels.get(model.provider, model.id);
  if (!virtual) throw new PithError("VIRTUAL_MODEL_INVALID", `${name} is not registered.`);
  const { failed, ...request } = options;
  const answered = (message: ModelRouteRequest["messages"][number]): message is AssistantMessage => message.role === "assistant" && message.stopReason !== "error" && message.stopReason !== "aborted";
  const latest = messages.filter(answered).at(-1);
  const previousModel = latest && registry.findPhysical(latest.provider, latest.model);
  const failedModel = failed && registry.findPhysical(failed.provider, failed.model);
  const route = await virtual.route({
    ...request,
    model,
    messages,
    ...(previousModel ? { previous: { model: previousModel, thinkingLevel: latest?.thinkingLevel as Level | undefined } } : {}),
    ...(failedModel && failed ? { failed: { model: failedModel, thinkingLevel: failed.thinkingLevel as Level | undefined, message: failed } } : {}),
  });
  const routed = `${name} routed to ${route?.model?.provider}/${route?.model?.id}`;
  const target = route?.model && registry.findPhysical(route.model.provider, route.model.id);
  if (!target) throw new PithError("VIRTUAL_MODEL_ROUTE_FAILED", `${routed}, which is not a physical model.`);
  if (!registry.hasAuth(target.provider)) throw new PithError("VIRTUAL_MODEL_ROUTE_FAILED", `${routed}, which has no credentials.`);
  return { model: target, thinkingLevel: clampThinkingLevel(target, route.thinkingLevel), ...(route.state === undefined ? {} : { state: route.state }) };
}

export function streamThrough(registry: ModelRegistry, own: (api: string) => ProviderApi | undefined, model: Model, context: LlmContext, options: LlmStreamOptions = {}): AssistantMessageEventStream {
  const events = new AssistantMessageEventStream();
  void (async () => {
    try {
      let target = model;
      let request = options;
      if (isVirtualModel(model)) {
        const route = await routeVirtualModel(registry, model, context.messages as ModelRouteRequest["messages"], { reason: "direct", thinkingLevel: options.reasoning ?? "off", signal: options.signal });
        target = route.model;
        const limit = route.model.maxTokens;
        const maxTokens = options.maxTokens && limit > 0 ? Math.min(options.maxTokens, limit) : options.maxTokens;
        // a key given for the virtual model's provider is not sent to another provider
        const { apiKey, headers, ...rest } = options;
        request = { ...rest, ...(target.provider === model.provider ? { apiKey, headers } : {}), maxTokens, reasoning: route.thinkingLevel };
      }
      const auth = request.apiKey !== undefined ? undefined : await registry.resolveAuth(target, request.signal);
      const withEndpoint = auth?.baseUrl ? { ...target, baseUrl: auth.baseUrl } : target;
      const { streamInto } = await import("../../pi-ai/llm.js");
      await streamInto(events, withEndpoint, context, { ...request, apiKey: request.apiKey ?? auth?.apiKey ?? "", headers: { ...auth?.headers, ...request.headers } }, own(target.api));
    } catch (error) {
      events.push(new AssistantMessageBuilder(model).fail("error", errorMessage(error), { kind: "auth" }));
    }
  })();
  return events;
}

/** pith's providers answer no deferred responses: pi's error for a provider without them. */
export function noDeferredResponses(model: Model): AssistantMessageEventStream {
  const events = new AssistantMessageEventStream();
  events.push(new AssistantMessageBuilder(model).fail("error", `Provider ${model.provider} does not support deferred responses`));
  return events;
}
