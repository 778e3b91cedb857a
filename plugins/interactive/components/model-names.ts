// How the model selectors (/model, /scoped-models) name a model beside its id, and what their search matches.
import type { Model } from "../../../kernel/index.js";

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * The model's name when it says something its id does not (a renamed override), else undefined: a name that only
 * spells the id another way ("Claude Sonnet 4.5" for "claude-sonnet-4-5") adds nothing to the row.
 */
export function distinctModelName(model: Pick<Model, "id" | "name">): string | undefined {
  const name = model.name?.trim();
  if (!name) return undefined;
  const idWords = words(model.id);
  const idWordSet = new Set(idWords);
  const joinedId = idWords.join("");
  // a one-letter word must be a whole word of the id: "4" is not in "mistral-small-2603"
  const inId = (word: string) => idWordSet.has(word) || (word.length > 1 && joinedId.includes(word));
  return words(name).every(inId) ? undefined : name;
}

/**
 * What a search matches. /model leads with the provider, so that "openai/gpt" ranks openai's own models before a
 * proxy's "openrouter/openai/gpt..."; /scoped-models leads with the id.
 */
export function modelSearchText(model: Pick<Model, "id" | "provider" | "name">, lead: "provider" | "id"): string {
  const { id, provider } = model;
  return `${lead === "id" ? `${id} ` : ""}${provider} ${provider}/${id} ${provider} ${id}${model.name ? ` ${model.name}` : ""}`;
}
