// How the compaction plugin reaches a model outside the session's own loop: the provider plugin registered
// for the model's api, and the key the `resolve_auth` hook gives for it.
import { type PluginContext, isTapped } from "../../../kernel/index.js";
import type { ModelAccess } from "./summary-call.js";

export function modelAccessFrom(context: Pick<PluginContext, "getProvider" | "hooks">): ModelAccess {
  return {
    providerFor: (api) => context.getProvider(api),
    authFor: async (model, signal) => (isTapped(context.hooks.resolve_auth) ? context.hooks.resolve_auth.promise({ model, signal }) : undefined),
  };
}
