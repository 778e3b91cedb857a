// pi's `registerProvider(name, config)`: the models service takes the provider's models and settings, and a
// `streamSimple` function becomes a provider for `config.api`. Calls made while factories run wait until every
// extension loaded (as pi queues them), then apply in load order; a bad one is reported and the others apply. An
// `oauth` block becomes one of the session's account sign-ins (extension-oauth.ts).
import { PithError, errorMessage } from "../../../kernel/index.js";
import { loginFlowFromExtension } from "./extension-oauth.js";
import { extensionError } from "../instance/errors.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import { providerFromStream, type StreamFunction } from "./provider-from-stream.js";
import { splitTypedRegistration } from "./typed-model-registration.js";
import { availabilityFilterOf } from "./native-provider.js";
import { refreshNativeProviders, refreshCataloguesInBackground } from "./native-refresh.js";
import { settleNativeAvailability } from "./native-availability.js";
import { nativeApiKeyLogin, nativeOAuthFlow, type NativeOAuth } from "./native-auth.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { ExtensionVirtualModel } from "../contract/types.js";
import { createExtensionContext } from "../context/extension-context.js";

export function registerProviderNow(runtime: ExtensionRuntime, record: ExtensionRecord, name: string, config: Record<string, unknown>): void {
  const where = `registerProvider("${name}")`;
  try {
    const { streamSimple, oauth, ...rest } = config ?? {};
    const native = record.nativeProviders.get(name);
    const nativeOAuth = native?.auth?.oauth as NativeOAuth | undefined;
    const login = native ? nativeOAuth && nativeOAuthFlow(name, nativeOAuth) : oauth === undefined ? undefined : loginFlowFromExtension(name, oauth);
    if (typeof streamSimple === "function") {
      const api = typeof rest.api === "string" ? rest.api : undefined;
      if (!api) throw new PithError("PROVIDER_CONFIG_INVALID", `provider "${name}" has streamSimple but no api name to register it under`);
      runtime.pluginContextFor(record).registerProvider(providerFromStream(api, streamSimple as StreamFunction));
    }
    const models = runtime.models();
    if (!models) throw new PithError("MODELS_UNAVAILABLE", "this session has no models service to register providers with");
    const { chatConfig, typed } = splitTypedRegistration(name, rest);
    models.registerProvider(name, chatConfig);
    models.typedModels.register(name, typed);
    models.setExtensionLogin(name, login);
    const apiKeyAuth = native?.auth?.apiKey;
    models.loginFlows.setApiKeyLogin(name, typeof apiKeyAuth?.login === "function" ? nativeApiKeyLogin(name, apiKeyAuth.login.bind(apiKeyAuth)) : undefined);
    models.setAvailabilityFilter(name, availabilityFilterOf(native));
    if (native) models.catalogueRefresh.set((options) => refreshCataloguesInBackground(runtime, options));
    record.providerNames.add(name);
  } catch (error) {
    runtime.report(extensionError(record.owner, where, new Error(errorMessage(error))));
  }
}

/**
 * Registers what factories queued; resolves once whole-`Provider` objects' auth has said whether they are configured
 * (native-availability.ts)
 * and the dynamic ones restored their stored models (pi's offline refresh after loading; its errors, as pi's, go
 * unreported here: `ctx.modelRegistry.refresh()` returns them).
 */
export async function registerPendingProviders(runtime: ExtensionRuntime): Promise<void> {
  const checks: Promise<void>[] = [];
  for (const record of runtime.records.filter((candidate) => candidate.live)) {
    for (const { name, config } of record.pendingProviders.splice(0)) {
      registerProviderNow(runtime, record, name, config);
      checks.push(settleNativeAvailability(runtime, record, name, AbortSignal.timeout(15_000)));
    }
    for (const definition of record.pendingVirtualModels.splice(0)) registerVirtualModelNow(runtime, record, definition);
  }
  await Promise.all(checks);
  await refreshNativeProviders(runtime, { allowNetwork: false });
}

/** pi's `registerVirtualModel`: the router gets the extension's ctx, made for each request (with its signal). */
export function registerVirtualModelNow(runtime: ExtensionRuntime, record: ExtensionRecord, model: ExtensionVirtualModel): void {
  const where = `registerVirtualModel("${String(model?.provider)}/${String(model?.id)}")`;
  try {
    const models = runtime.models();
    if (!models) throw new PithError("MODELS_UNAVAILABLE", "this session has no models service to register virtual models with");
    const route = model?.route;
    models.registerVirtualModel({ ...model, route: (request) => route.call(model, request, createExtensionContext(runtime, record, request.signal)) });
    record.virtualModels.set(`${model.provider}/${model.id}`, [model.provider, model.id]);
  } catch (error) {
    runtime.report(extensionError(record.owner, where, new Error(errorMessage(error))));
  }
}
