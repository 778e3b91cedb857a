// Choosing models the way pi's session does: only models with a key, the thinking level of the model's scope entry,
// its `modelThinkingLevels` entry, `defaultThinkingLevel` or else the current one, the session's own scope (--models, /scoped-models) or else
// `enabledModels` as the cycling scope when set.
import { PithError, type Model, type ThinkingLevel, type SessionApi } from "../../kernel/index.js";
import { supportedThinkingLevels } from "../../lib/provider-kit/thinking-levels.js";
import { resolveModelScope, type ScopedModel } from "../models/selection/model-pattern.js";

export interface CycledModel {
  model: Model;
  thinkingLevel: ThinkingLevel;
  /** the candidates came from `enabledModels` */
  isScoped: boolean;
}

export interface ModelSwitchService {
  /** the model with this provider and id, among those that have a key; throws when there is none */
  setModel(provider: string, modelId: string): Promise<Model>;
  /** the next candidate after the current model; undefined when there is at most one */
  cycleModel(direction?: "forward" | "backward"): Promise<CycledModel | undefined>;
  /** the next level the model supports; undefined when the model has no reasoning */
  cycleThinkingLevel(): Promise<ThinkingLevel | undefined>;
  /**
   * This session's cycling scope (`--models`, /scoped-models), in place of `enabledModels` until the session
   * ends: model patterns, `[]` for every model; undefined goes back to the setting.
   */
  setScope(patterns: readonly string[] | undefined): void;
  /** the patterns in force: the session's scope, else `enabledModels`; empty when every model cycles */
  scopePatterns(): readonly string[];
  /** the models the patterns in force match, with the levels they pin, and the patterns that matched nothing */
  scopedModels(): { scoped: ScopedModel[]; warnings: string[] };
}

declare module "../../kernel/index.js" {
  interface PithServices {
    modelSwitch: ModelSwitchService;
  }
}

export interface ModelSwitchConfig {
  session: Pick<SessionApi, "model" | "thinkingLevel" | "setModel" | "setThinkingLevel">;
  /** models whose provider has a key */
  availableModels(): Model[];
  /** `enabledModels`, `defaultThinkingLevel` and `modelThinkingLevels` from the settings */
  preferences(): { enabledModels?: readonly string[]; defaultThinkingLevel?: ThinkingLevel; modelThinkingLevels?: Readonly<Record<string, ThinkingLevel>> };
}

export class ModelSwitch implements ModelSwitchService {
  private scope: readonly string[] | undefined;

  constructor(private readonly config: ModelSwitchConfig) {}

  setScope(patterns: readonly string[] | undefined): void {
    this.scope = patterns && [...patterns];
  }

  scopePatterns(): readonly string[] {
    return this.scope ?? this.config.preferences().enabledModels ?? [];
  }

  scopedModels(): { scoped: ScopedModel[]; warnings: string[] } {
    const patterns = this.scopePatterns();
    return patterns.length === 0 ? { scoped: [], warnings: [] } : resolveModelScope(patterns, this.config.availableModels());
  }

  async setModel(provider: string, modelId: string): Promise<Model> {
    const model = this.config.availableModels().find((candidate) => candidate.provider === provider && candidate.id === modelId);
    if (!model) {
      throw new PithError(
        "MODEL_NOT_FOUND",
        `Model not found: ${provider}/${modelId}. get_available_models lists the models that have an API key.`,
      );
    }
    await this.apply(model, undefined, "set");
    return model;
  }

  async cycleModel(direction: "forward" | "backward" = "forward"): Promise<CycledModel | undefined> {
    const { candidates, isScoped } = this.candidates();
    if (candidates.length <= 1) return undefined;
    const current = this.config.session.model;
    const index = Math.max(0, candidates.findIndex((entry) => entry.model.provider === current?.provider && entry.model.id === current?.id));
    const step = direction === "forward" ? 1 : -1;
    const next = candidates[(index + step + candidates.length) % candidates.length]!;
    await this.apply(next.model, next.thinkingLevel, "cycle");
    return { model: next.model, thinkingLevel: this.config.session.thinkingLevel, isScoped };
  }

  async cycleThinkingLevel(): Promise<ThinkingLevel | undefined> {
    const model = this.config.session.model;
    if (!model?.reasoning) return undefined;
    const levels = supportedThinkingLevels(model);
    const next = levels[(levels.indexOf(this.config.session.thinkingLevel) + 1) % levels.length]!;
    await this.config.session.setThinkingLevel(next);
    return this.config.session.thinkingLevel;
  }

  private candidates(): { candidates: { model: Model; thinkingLevel: ThinkingLevel | undefined }[]; isScoped: boolean } {
    const { scoped } = this.scopedModels();
    if (scoped.length > 0) return { candidates: scoped, isScoped: true };
    const available = this.config.availableModels();
    return { candidates: available.map((model) => ({ model, thinkingLevel: undefined })), isScoped: false };
  }

  /**
   * A scoped level wins; then the model's own level (`modelThinkingLevels`), the settings' `defaultThinkingLevel`,
   * else the current level, clamped to what the model supports (pi 1.6.0; 0.73.1 carried the current level over only
   * from a model with reasoning). Leaving a model without reasoning thus keeps "off" unless a setting says otherwise.
   */
  private async apply(model: Model, scopedLevel: ThinkingLevel | undefined, source: "set" | "cycle"): Promise<void> {
    const { session } = this.config;
    const preferences = this.config.preferences();
    const ownLevel = preferences.modelThinkingLevels?.[`${model.provider}/${model.id}`];
    const level = scopedLevel ?? ownLevel ?? preferences.defaultThinkingLevel ?? session.thinkingLevel;
    await session.setModel(model, source);
    await session.setThinkingLevel(level);
  }
}
