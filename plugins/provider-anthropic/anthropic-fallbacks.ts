// Anthropic's server-side fallback (compat.allowedFallbackModels, pi 1.6.0): after a refusal, Anthropic may answer
// with another permitted model; the reply names it, and its usage is priced with that model's cost.
import type { Model, ModelCost } from "../../kernel/index.js";

export interface FallbackModel {
  provider: string;
  model: string;
  cost: ModelCost;
}

function isFallbackModel(value: unknown): value is FallbackModel {
  const entry = value as Partial<FallbackModel> | null;
  return typeof entry?.provider === "string" && typeof entry.model === "string" && typeof entry.cost === "object" && entry.cost !== null;
}

/** The model's permitted fallbacks; none: the request names none (Anthropic refuses the field for such models). */
export function allowedFallbackModels(model: Model): FallbackModel[] {
  const list = model.compat?.allowedFallbackModels;
  return Array.isArray(list) ? list.filter(isFallbackModel) : [];
}

/** The cost table of the fallback model that answered, when the model lists it for its own provider. */
export function fallbackCost(model: Model, responseModel: string): ModelCost | undefined {
  if (responseModel === model.id) return undefined;
  return allowedFallbackModels(model).find((fallback) => fallback.provider === model.provider && fallback.model === responseModel)?.cost;
}
