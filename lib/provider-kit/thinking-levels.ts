// Thinking level → the value a provider receives, honouring a model's `thinkingLevelMap`.
import type { Model, ThinkingLevel } from "../../kernel/index.js";

/** The model's own value for `level` when its `thinkingLevelMap` names one. */
export function mappedThinkingValue(model: Model, level: ThinkingLevel): string | undefined {
  const value = model.thinkingLevelMap?.[level];
  return typeof value === "string" ? value : undefined;
}

/**
 * The effort string for a reasoning level: the model's mapping, else the level's own name. `xhigh` exists only
 * where a model maps it, so an unmapped `xhigh` falls back to "high".
 */
export function reasoningEffort(model: Model, level: Exclude<ThinkingLevel, "off">): string {
  return mappedThinkingValue(model, level) ?? (level === "xhigh" ? "high" : level);
}
