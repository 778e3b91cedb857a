// pi-ai's global API registry as pith serves it: a wire protocol registered here becomes a provider plugin of the
// running session (through the extensions host), so the session's own model calls use it too, and the registry
// lists the session's provider plugins. Registering an API pith already has replaces pith's provider until the
// registration is removed again (`unregisterApiProviders`, `resetApiProviders`), which brings pith's back.
import { PithError, type AssistantMessageEvent, type Model } from "../../../../kernel/index.js";
import { providerFromStream } from "../../registrations/provider-from-stream.js";
import { extensionHost, type ExtensionHost } from "../host.js";
import { registeredIn, resetApiProvidersOf } from "./api-registrations.js";
import { stream, type AssistantMessageEventStream, type LlmContext, type LlmStreamOptions } from "./llm.js";
import { createFauxCore, type RegisterFauxProviderOptions } from "./faux-core.js";

type ApiStream = (model: Model, context: LlmContext, options?: LlmStreamOptions) => AssistantMessageEventStream;
type ExtensionStream = (model: Model, context: LlmContext, options?: LlmStreamOptions) => AsyncIterable<AssistantMessageEvent>;

/** pi-ai's `ApiProvider`: a wire protocol and its two stream functions. */
export interface ApiProvider {
  api: string;
  stream: ApiStream;
  streamSimple: ApiStream;
}

function sessionHost(what: string): ExtensionHost {
  const host = extensionHost();
  if (!host) throw new PithError("EXTENSION_NO_SESSION", `${what} works only inside a running pith session.`);
  return host;
}

/** a stream function that sends the model through the session's provider for `api`, refusing a model of another */
const dispatchTo =
  (api: string): ApiStream =>
  (model, context, options) => {
    if (model.api !== api) throw new Error(`Mismatched api: ${model.api} expected ${api}`);
    return stream(model, context, options);
  };

/** pi-ai's `registerApiProvider`: `sourceId` groups registrations for `unregisterApiProviders`. */
export function registerApiProvider(provider: { api: string; stream?: ExtensionStream; streamSimple?: ExtensionStream }, sourceId?: string): void {
  const host = sessionHost("registerApiProvider");
  const streamFn = provider.streamSimple ?? provider.stream;
  if (!streamFn) throw new PithError("EXTENSION_NO_SESSION", "registerApiProvider needs a stream function.");
  const registered = registeredIn(host);
  registered.get(provider.api)?.release();
  registered.set(provider.api, { sourceId, release: host.registerProvider(providerFromStream(provider.api, streamFn)) });
}

/** The session's provider for `api`, as pi-ai's `ApiProvider`; undefined when it has none. */
export function getApiProvider(api: string): ApiProvider | undefined {
  return extensionHost()?.provider(api) ? { api, stream: dispatchTo(api), streamSimple: dispatchTo(api) } : undefined;
}

/** Every wire protocol the session has a provider for: pith's own and the registered ones. */
export function getApiProviders(): ApiProvider[] {
  return (extensionHost()?.apis() ?? []).map((api) => getApiProvider(api)!);
}

export function unregisterApiProviders(sourceId: string): void {
  const host = extensionHost();
  const registered = host && registeredIn(host);
  for (const [api, registration] of registered ?? []) {
    if (registration.sourceId !== sourceId) continue;
    registration.release();
    registered!.delete(api);
  }
}

/** Removes every registration made here; pith's own providers for those APIs serve again. */
export function resetApiProviders(): void {
  const host = extensionHost();
  if (host) resetApiProvidersOf(host);
}


/**
 * pi-ai's built-in APIs are pith's provider plugins, which stay registered beneath any replacement: none is missing,
 * and, as in pi, a replacement registered here is kept.
 */
export function registerBuiltInApiProviders(): void {}

/** pi-ai's `registerFauxProvider`: a faux core (./faux-core.ts) whose API is registered with the session. */
export function registerFauxProvider(options: RegisterFauxProviderOptions = {}) {
  const core = createFauxCore(options);
  const sourceId = `faux-provider-${Math.random().toString(36).slice(2, 10)}`;
  registerApiProvider({ api: core.api, stream: core.stream as ExtensionStream, streamSimple: core.streamSimple as ExtensionStream }, sourceId);
  const { api, models, getModel, state, setResponses, appendResponses, getPendingResponseCount } = core;
  return { api, models, getModel, state, setResponses, appendResponses, getPendingResponseCount, unregister: () => unregisterApiProviders(sourceId) };
}
