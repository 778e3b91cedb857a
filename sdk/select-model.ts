// Chooses the model a new session starts with: the caller's choice, else the settings' default, else the
// first provider with a key in pith's default order.
import { type AgentSession, type Model, type ThinkingLevel, PithError } from "../kernel/index.js";
import { defaultModelIds } from "../plugins/models/known-providers.js";
import type { ModelRegistry } from "../plugins/models/registry.js";
import type { Settings } from "../plugins/settings/index.js";

export interface ModelSelection {
  model: Model | undefined;
  thinkingLevel: ThinkingLevel | undefined;
  warnings: string[];
  /** the model came from the resumed session */
  restored?: boolean;
}

export interface ModelRequest {
  model?: Model | string;
  provider?: string;
  apiKey?: string;
  settings: Settings;
  restored?: { provider: string; modelId: string };
}

export async function selectInitialModel(session: AgentSession, request: ModelRequest): Promise<ModelSelection> {
  return selectModelFrom(session.registry.services.get("models") as ModelRegistry | undefined, request);
}

/** The same choice from a registry of its own: the interactive UI's first frame, drawn before the session exists. */
export function selectModelFrom(registry: ModelRegistry | undefined, request: ModelRequest): ModelSelection {
  if (typeof request.model === "object") {
    if (request.apiKey) registry?.setRuntimeApiKey(request.model.provider, request.apiKey);
    return { model: request.model, thinkingLevel: undefined, warnings: [] };
  }
  if (!registry) return { model: undefined, thinkingLevel: undefined, warnings: [] };

  if (request.model || request.provider) {
    const resolution = registry.resolveCliModel({ provider: request.provider, model: request.model ?? defaultIdFor(registry, request.provider) });
    if (resolution.error || !resolution.model) {
      throw new PithError("MODEL_NOT_FOUND", resolution.error ?? `No model matches "${request.model}". Run pith --list-models to see the choices.`);
    }
    if (request.apiKey) registry.setRuntimeApiKey(resolution.model.provider, request.apiKey);
    return { model: resolution.model, thinkingLevel: resolution.thinkingLevel, warnings: resolution.warning ? [resolution.warning] : [] };
  }

  // A resumed session continues with its own model when that model is still known and has a key.
  const previous = request.restored ? registry.find(request.restored.provider, request.restored.modelId) : undefined;
  if (previous && (registry.hasAuth(previous.provider) || request.apiKey)) {
    if (request.apiKey) registry.setRuntimeApiKey(previous.provider, request.apiKey);
    return { model: previous, thinkingLevel: undefined, warnings: [], restored: true };
  }
  const warnings = request.restored && !previous ? [`The session's model ${request.restored.provider}/${request.restored.modelId} is not available; using another.`] : [];

  const { defaultProvider, defaultModel } = request.settings;
  const saved = defaultProvider && defaultModel ? registry.find(defaultProvider, defaultModel) : undefined;
  if (saved && (registry.hasAuth(saved.provider) || request.apiKey)) {
    if (request.apiKey) registry.setRuntimeApiKey(saved.provider, request.apiKey);
    return { model: saved, thinkingLevel: undefined, warnings };
  }
  if (request.apiKey) {
    throw new PithError("BAD_ARGUMENTS", "--api-key needs --model or --provider, so pith knows which provider the key belongs to.");
  }
  return { model: registry.defaultModel(), thinkingLevel: undefined, warnings };
}

/**
 * The level a session starts with, before the model clamps it: the command line's, the `model:level` suffix's, the
 * resumed session's, the model's own saved level, the settings' default, else medium.
 */
export function startingThinkingLevel(request: { option?: ThinkingLevel; selection?: ThinkingLevel; restored?: ThinkingLevel; model: Model | undefined; settings: Settings }): ThinkingLevel {
  const { model, settings } = request;
  const ownLevel = model && settings.modelThinkingLevels?.[`${model.provider}/${model.id}`];
  return request.option ?? request.selection ?? request.restored ?? ownLevel ?? settings.defaultThinkingLevel ?? "medium";
}

/** `--provider x` alone picks that provider's default model. */
function defaultIdFor(registry: ModelRegistry, provider: string | undefined): string | undefined {
  if (!provider) return undefined;
  const wanted = provider.toLowerCase();
  const preferred = Object.entries(defaultModelIds()).find(([name]) => name.toLowerCase() === wanted)?.[1];
  return preferred ?? registry.all().find((model) => model.provider.toLowerCase() === wanted)?.id;
}
