// pi 1.6.0's `createExtensionRuntime()`: the shared state of a set of extensions before a session binds them, as a
// custom ResourceLoader returns it from `getExtensions()` (pi's SDK example 12). Its actions fail until a session
// binds it; pith's sessions run their own extensions' runtime, so one made here is never bound: it stands for
// "these extensions, not yet in a session", and a loader whose list is empty means "no extensions".
import { PithError } from "../../../../kernel/index.js";

const ACTIONS = [
  "sendMessage", "sendUserMessage", "appendEntry", "setSessionName", "getSessionName", "setLabel", "getActiveTools",
  "getAllTools", "getSettings", "setActiveTools", "getCommands", "getThinkingLevel", "setThinkingLevel", "createContext",
] as const;

export type UnboundExtensionRuntime = Record<(typeof ACTIONS)[number], () => never> & {
  setModel(): Promise<never>;
  refreshTools(): void;
  flagValues: Map<string, boolean | string>;
  pendingProviderRegistrations: unknown[];
  pendingNativeProviderRegistrations: unknown[];
  pendingVirtualModelRegistrations: unknown[];
  assertActive(): void;
  invalidate(message?: string): void;
  trackEventBusSubscription(unsubscribe: () => void): () => void;
  reportError(error: unknown): void;
};

const unbound = () =>
  new PithError("EXTENSION_API_UNSUPPORTED", "This extension runtime is not bound to a session: its actions work once a session runs the extensions, not while they load.");

export function createExtensionRuntime(): UnboundExtensionRuntime {
  let staleMessage: string | undefined;
  const subscriptions = new Set<() => void>();
  const fail = (): never => {
    throw unbound();
  };
  return {
    ...(Object.fromEntries(ACTIONS.map((name) => [name, fail])) as Record<(typeof ACTIONS)[number], () => never>),
    setModel: () => Promise.reject(unbound()),
    // registering tools is valid while extensions load: nothing to refresh before a session binds them
    refreshTools: () => undefined,
    flagValues: new Map(),
    pendingProviderRegistrations: [],
    pendingNativeProviderRegistrations: [],
    pendingVirtualModelRegistrations: [],
    assertActive() {
      if (staleMessage !== undefined) throw new PithError("EXTENSION_STALE", staleMessage);
    },
    invalidate(message) {
      if (staleMessage !== undefined) return;
      staleMessage = message ?? "This extension runtime was invalidated: its session was replaced or reloaded.";
      for (const unsubscribe of subscriptions) unsubscribe();
      subscriptions.clear();
    },
    trackEventBusSubscription(unsubscribe) {
      const tracked = () => {
        if (subscriptions.delete(tracked)) unsubscribe();
      };
      subscriptions.add(tracked);
      return tracked;
    },
    // nothing can show an error before a session binds the runtime
    reportError: () => undefined,
  };
}
