// What pi-ai's API registry (./api-registry.ts) registered in each session, apart from the registry itself so that
// the session's reload can reset it without loading the model-call shims.
import type { ExtensionHost } from "../host.js";

export interface ApiRegistration {
  sourceId?: string;
  release: () => void;
}

/** per session: what pi-ai's registry calls registered, by API */
const registrations = new WeakMap<ExtensionHost, Map<string, ApiRegistration>>();

export function registeredIn(host: ExtensionHost): Map<string, ApiRegistration> {
  let registered = registrations.get(host);
  if (!registered) registrations.set(host, (registered = new Map()));
  return registered;
}

/**
 * Removes every registration made in the session; pith's own providers for those APIs serve again. pi's reload
 * resets pi-ai's registry this way before the extensions load again, so what they no longer register is gone.
 */
export function resetApiProvidersOf(host: ExtensionHost): void {
  const registered = registeredIn(host);
  for (const registration of registered.values()) registration.release();
  registered.clear();
}
