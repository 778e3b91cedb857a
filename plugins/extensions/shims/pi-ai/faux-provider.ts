// pi-ai's `fauxProvider`: a faux core (./faux-core.ts) as a provider object, for `pi.registerProvider(provider)` or
// a `Models` collection. Its auth is always configured and resolves no key.
import { createFauxCore, type RegisterFauxProviderOptions } from "./faux-core.js";
import { createProvider } from "./create-provider.js";
import type { ProviderStreams } from "./lazy-stream.js";

export function fauxProvider(options: RegisterFauxProviderOptions = {}) {
  const core = createFauxCore(options);
  const provider = createProvider({
    id: core.provider,
    auth: { apiKey: { name: "Faux", resolve: async () => ({ auth: {} }) } },
    models: core.models,
    api: {
      stream: core.stream,
      streamSimple: core.streamSimple,
      fetchDeferred: core.fetchDeferred,
      cancelDeferred: core.cancelDeferred,
    } as ProviderStreams,
  });
  const { api, models, getModel, state, setResponses, appendResponses, getPendingResponseCount } = core;
  return { provider, api, models, getModel, state, setResponses, appendResponses, getPendingResponseCount };
}
