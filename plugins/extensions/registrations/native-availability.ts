// Whether a whole pi-ai `Provider` counts as configured, decided as pi 1.6.0 decides it at each availability pass
// (once registered, then at each catalogue refresh: `ctx.modelRegistry.refresh()`, the background refreshes when
// the UI or RPC mode starts and when the model selector opens): a key of pith's own (--api-key, auth.json, a
// variable) makes it so; otherwise its `auth.apiKey.check` (else `resolve`) is asked. It is registered with a
// stand-in key while its auth finds a credential and without one while it does not, so its models come and go.
import { errorMessage } from "../../../kernel/index.js";
import { extensionError } from "../instance/errors.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import type { ExtensionRuntime } from "../runtime.js";
import { KEY_FROM_PROVIDER_AUTH, nativeAuthConfigured, republishNativeModels } from "./native-provider.js";

export async function settleNativeAvailability(runtime: ExtensionRuntime, record: ExtensionRecord, name: string, signal: AbortSignal): Promise<void> {
  const native = record.nativeProviders.get(name);
  const models = runtime.models();
  if (!native || !models || !record.providerNames.has(name)) return;
  const standIn = models.registeredProviderConfig(name)?.apiKey === KEY_FROM_PROVIDER_AUTH;
  const source = models.authSource(name)?.source;
  // with the stand-in its source reads "models.json"; any other source is a key of pith's own, which decides
  if (standIn ? source !== "models.json" : source !== undefined) return;
  try {
    const configured = await nativeAuthConfigured(native, signal);
    // replaced or removed while its auth was asked
    if (configured === standIn || record.nativeProviders.get(name) !== native || !record.providerNames.has(name)) return;
    republishNativeModels(models, name, native, configured);
  } catch (error) {
    if (!signal.aborted) runtime.report(extensionError(record.owner, `registerProvider("${name}") auth check`, new Error(errorMessage(error))));
  }
}

/** Every registered whole-`Provider` object's availability asked again (`only`: these providers). */
export async function settleAllNativeAvailability(runtime: ExtensionRuntime, signal: AbortSignal, only?: readonly string[]): Promise<void> {
  const checks = runtime.records
    .filter((record) => record.live)
    .flatMap((record) =>
      [...record.nativeProviders.keys()].filter((name) => record.providerNames.has(name) && (!only || only.includes(name))).map((name) => settleNativeAvailability(runtime, record, name, signal)),
    );
  await Promise.all(checks);
}
