// pi-ai 1.6.0's built-in provider objects (`builtinProviders`, `builtinModels`, `radiusProvider` from
// `providers/all`): one per provider of pith's catalogue, which holds pi 1.6.0's models of every type, each with
// the standard key auth over the provider's environment variables, and calls that go through pith's provider
// plugin for each model's wire protocol (the running session's, as every served model call does).
import { builtInModelsOf, builtInModelsOfType, builtInProviders, catalogueProvider } from "../../../models/catalogue.js";
import { createProvider } from "./create-provider.js";
import { createModels } from "./models-collection.js";
import type { CreateModelsOptions, Provider } from "./models-types.js";
import { envApiKeyAuth } from "./pi-ai-helpers.js";
import { apiProvider } from "./api-streams.js";

const RADIUS = "radius";

/** every model of a catalogue provider, chat models first, as its id (`as`) */
function catalogueModels(provider: string, as = provider) {
  const models = [...builtInModelsOf(provider), ...builtInModelsOfType("image", provider), ...builtInModelsOfType("classifier", provider)];
  return as === provider ? models : models.map((model) => ({ ...model, provider: as }));
}

function catalogueProviderObject(id: string, as = id, name?: string): Provider {
  const entry = catalogueProvider(id);
  const models = catalogueModels(id, as);
  const shownName = name ?? entry?.name ?? as;
  const apis = Object.fromEntries([...new Set(models.map((model) => model.api))].map((api) => [api, apiProvider(api)]));
  const auth = { apiKey: envApiKeyAuth(`${shownName} API key`, entry?.envVars ?? []) };
  return createProvider({ id: as, name: shownName, baseUrl: entry?.baseUrl, auth, models: models as Parameters<typeof createProvider>[0]["models"], api: apis }) as unknown as Provider;
}

export interface RadiusProviderOptions {
  id?: string;
  name?: string;
  gateway?: string;
}

/** The Radius gateway's provider: the shipped catalogue for pi's own gateway, none for another until refreshed. */
export function radiusProvider(options: RadiusProviderOptions = {}): Provider {
  const id = options.id ?? RADIUS;
  const provider = catalogueProviderObject(RADIUS, id, options.name ?? "Radius");
  // the catalogue's endpoint is the gateway's API under pi's own gateway
  const ownGateway = options.gateway === undefined || normalizeGateway(options.gateway) === new URL(catalogueProvider(RADIUS)!.baseUrl).origin;
  return { ...provider, auth: { apiKey: envApiKeyAuth("Radius API key", catalogueProvider(RADIUS)?.envVars ?? []) }, ...(ownGateway ? {} : { getModels: () => [], getAllModels: () => [] }) };
}

/** a gateway as pi-ai compares it: https:// when no scheme is given, no trailing slash */
const normalizeGateway = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`).replace(/\/+$/, "");

/** Every built-in provider, freshly made. */
export function builtinProviders(): Provider[] {
  return builtInProviders().map((id) => (id === RADIUS ? radiusProvider() : catalogueProviderObject(id)));
}

/** A `Models` collection holding every built-in provider. */
export function builtinModels(options?: CreateModelsOptions) {
  const models = createModels(options);
  for (const provider of builtinProviders()) models.setProvider(provider);
  return models;
}
