// What `ctx.modelRegistry` answers about one provider as pi-ai's objects: `getProvider` (the provider with its
// models, endpoint, headers and calls) and `getProviderAuth` (its resolved key and where it comes from).
import type { Model } from "../../../kernel/index.js";
import type { ModelRegistry } from "../../models/registry.js";
import type { AssistantMessageEventStream } from "../shims/pi-ai/event-stream.js";
import type { LlmContext, LlmStreamOptions } from "../shims/pi-ai/llm.js";

type Stream = (model: Model, context: LlmContext, options?: LlmStreamOptions) => AssistantMessageEventStream;

/** pi-ai's `Provider` for one of pith's providers (`ownAuth`: an extension's whole `Provider`'s): undefined when nothing defines it. */
export function providerObject(models: ModelRegistry, id: string, stream: Stream, ownAuth?: object) {
  if (!models.providers().includes(id)) return undefined;
  const name = models.providerName(id);
  const chatModels = () => models.all().filter((model) => model.provider === id);
  const headers = models.registeredProviderConfig(id)?.headers;
  return {
    id,
    name,
    baseUrl: models.configuredBaseUrl(id) ?? chatModels()[0]?.baseUrl,
    ...(headers ? { headers } : {}),
    // a whole pi-ai `Provider` an extension registered keeps its own auth (its logins, check and resolve), as in pi
    auth: ownAuth ?? { apiKey: { name: `${name} API key` } },
    getModels: chatModels,
    // every type's models, as pi lists a provider's: chat, then image, then classifier models
    getAllModels: () => [...chatModels(), ...models.modelsOfType("image", id), ...models.modelsOfType("classifier", id)],
    stream,
    streamSimple: stream,
  };
}

/** pi's `AuthResult`: the key, headers and endpoint, and where they come from, as pi labels it. */
export async function providerAuth(models: ModelRegistry, id: string) {
  const resolved = await models.providerAuth(id);
  if (!resolved) return undefined;
  return { auth: resolved.auth, source: authLabel(resolved.source, resolved.type) };
}

/** pith's source names as pi's labels: a variable by its name, a login as "OAuth", a configured key as pi says it. */
export function authLabel(source: string, type: "oauth" | "api_key"): string {
  if (type === "oauth") return "OAuth";
  if (source === "models.json") return "configured API key";
  return source;
}
