// Virtual models (pi 1.6.0's docs/virtual-models.md): catalogue entries that pick a physical model for each request.
// The selection names the virtual model; its `route` decides, per request, which physical model and thinking level
// the request goes to (routing.ts, the provider of the "pi-virtual" API). They are listed under a provider as
// any model is, hide a physical model of the same id, and a provider that lists only virtual models needs no key.
import { PithError, type AssistantMessage, type Message, type Model, type ThinkingLevel } from "../../kernel/index.js";
import { THINKING_LEVELS } from "../../lib/provider-kit/thinking-levels.js";

/** The API of virtual catalogue entries: only the router serves it. */
export const VIRTUAL_MODEL_API = "pi-virtual";
/** The custom entry a router's state is stored in on the session branch. */
export const VIRTUAL_MODEL_STATE_ENTRY = "pi.virtual-model-state";

export type ModelRouteReason = "user" | "continuation" | "retry" | "direct";

export interface ModelRouteRequest {
  model: Model;
  thinkingLevel: ThinkingLevel;
  reason: ModelRouteReason;
  previous?: { model: Model; thinkingLevel?: ThinkingLevel };
  failed?: { model: Model; thinkingLevel?: ThinkingLevel; message: AssistantMessage };
  state?: unknown;
  messages: readonly (Message | { role: "system"; content: string })[];
  signal?: AbortSignal;
}

export interface ModelRoute {
  model: Model;
  thinkingLevel: ThinkingLevel;
  state?: unknown;
}

export interface VirtualModelDefinition {
  provider: string;
  id: string;
  name: string;
  thinkingLevels?: readonly ThinkingLevel[];
  contextWindow?: number;
  maxTokens?: number;
  input?: ("text" | "image")[];
  route(request: ModelRouteRequest): ModelRoute | Promise<ModelRoute>;
}

export interface VirtualModel {
  model: Model;
  route: VirtualModelDefinition["route"];
}

export function isVirtualModel(model: { api: string }): boolean {
  return model.api === VIRTUAL_MODEL_API;
}

/** The catalogue entry: the offered levels become its thinking-level map, unset limits are 0 (unknown). */
export function createVirtualModel(definition: VirtualModelDefinition): Model {
  const levels = definition.thinkingLevels ?? ["off"];
  const thinkingLevelMap = Object.fromEntries(THINKING_LEVELS.map((level) => [level, levels.includes(level) ? level : null]));
  return {
    id: definition.id,
    name: definition.name,
    api: VIRTUAL_MODEL_API,
    provider: definition.provider,
    baseUrl: "",
    reasoning: levels.some((level) => level !== "off"),
    thinkingLevelMap,
    input: definition.input ?? ["text", "image"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: definition.contextWindow ?? 0,
    maxTokens: definition.maxTokens ?? 0,
  };
}

/** The virtual models registered, by provider and id. */
export class VirtualModels {
  private readonly byProvider = new Map<string, Map<string, VirtualModel>>();

  /** Registering the same provider and id again replaces it; `physical` is the provider's own model of that id. */
  register(definition: VirtualModelDefinition, physical: Model | undefined): void {
    const { provider, id } = definition ?? {};
    if (typeof provider !== "string" || typeof id !== "string" || !provider.trim() || !id.trim()) {
      throw new PithError("VIRTUAL_MODEL_INVALID", "registerVirtualModel needs a provider and an id that are not empty.");
    }
    if (typeof definition.route !== "function") throw new PithError("VIRTUAL_MODEL_INVALID", `Virtual model ${provider}/${id} has no route function.`);
    if (physical && !isVirtualModel(physical)) throw new PithError("VIRTUAL_MODEL_CONFLICT", `Virtual model ${provider}/${id} conflicts with a physical model.`);
    const models = this.byProvider.get(provider) ?? new Map<string, VirtualModel>();
    models.set(id, { model: createVirtualModel(definition), route: (request) => definition.route(request) });
    this.byProvider.set(provider, models);
  }

  /** Whether one was removed. */
  unregister(provider: string, id: string): boolean {
    const models = this.byProvider.get(provider);
    if (!models?.delete(id)) return false;
    if (models.size === 0) this.byProvider.delete(provider);
    return true;
  }

  get(provider: string, id: string): VirtualModel | undefined {
    return this.byProvider.get(provider)?.get(id);
  }

  providers(): string[] {
    return [...this.byProvider.keys()];
  }

  /** A provider's table with its virtual models added; each hides a physical model with the same id. */
  addTo(provider: string, models: Model[]): Model[] {
    const virtual = [...(this.byProvider.get(provider)?.values() ?? [])].map((entry) => entry.model);
    if (virtual.length === 0) return models;
    const ids = new Set(virtual.map((model) => model.id));
    return [...models.filter((model) => !ids.has(model.id)), ...virtual];
  }
}
