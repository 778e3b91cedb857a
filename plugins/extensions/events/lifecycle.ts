// What the extensions need from the session's lifecycle: when it started (model and thinking changes are news
// only after that), the running turn's signal for `ctx.signal`, resources_discover after session_start, the
// instances going stale when the session leaves its conversation, and the host the shims reach the session
// through. Tapped once per session, when the first extension loads (at start-up, or on a later reload).
import { isTapped } from "../../../kernel/index.js";
import { installExtensionHost, type ExtensionHost } from "../shims/host.js";
import { resetApiProvidersOf } from "../shims/pi-ai/api-registrations.js";
import { cleanupSessionResources } from "../shims/pi-ai/session-resources.js";
import { extensionError } from "../instance/errors.js";
import { discoverResources } from "./resources-discover.js";
import type { ExtensionRuntime } from "../runtime.js";

export function watchSession(runtime: ExtensionRuntime): void {
  if (runtime.records.length === 0 || runtime.watching) return;
  runtime.watching = true;
  const { context } = runtime;
  context.on(
    "session_start",
    () => {
      runtime.started = true;
    },
    { stage: -1000 },
  );
  context.on("before_prompt", ({ signal }) => {
    runtime.currentSignal = signal;
  });
  context.on("agent_settled", () => {
    runtime.currentSignal = undefined;
  });
  context.on(
    "session_start",
    async (event) => {
      await discoverResources(runtime, event.reason === "reload" ? "reload" : "startup");
    },
    { stage: 1000 },
  );
  installHost(runtime);
  // pi-ai's per-session resources go when the session does: on quit and on a move, not on a reload
  context.on("session_shutdown", (event) => {
    if (event.reason === "reload") return;
    const sessionId = runtime.sessions()?.manager.getSessionId() ?? runtime.session.sessionId;
    try {
      cleanupSessionResources(sessionId);
    } catch (error) {
      for (const failure of error instanceof AggregateError ? error.errors : [error]) runtime.report(extensionError("pi-ai", "a session resource cleanup", failure));
    }
  });
}

/**
 * Installs the host the shims reach the session through, once: before the factories run (pi-ai's registries take
 * registrations at load time), or when the first extension loads later.
 */
export function installHost(runtime: ExtensionRuntime): void {
  if (runtime.hostInstalled) return;
  runtime.hostInstalled = true;
  const { session, context } = runtime;
  const host: ExtensionHost = {
    cwd: session.cwd,
    agentDir: runtime.options.agentDir,
    models: () => runtime.models()?.all() ?? [],
    provider: (api) => context.registry.providers.get(api),
    apis: () => context.registry.providers.names(),
    registerProvider: (provider) => context.registerProvider(provider),
    resolveAuth: (model, signal) =>
      isTapped(context.hooks.resolve_auth) ? context.hooks.resolve_auth.promise({ model, signal: signal ?? new AbortController().signal }) : Promise.resolve(undefined),
    warn: (message) => context.log.warn(message),
    listSessions: async (query) => (await context.tryUse("sessions")?.store.list(query)) ?? [],
    createSession: runtime.options.createSession,
  };
  const release = installExtensionHost(host);
  // The instances that heard session_shutdown are stale, as pi's are once their session is replaced or disposed;
  // the host goes with the session. A reload also resets pi-ai's API registry, as pi's does.
  context.on(
    "session_shutdown",
    (event) => {
      if (event.reason === "quit") release();
      if (event.reason === "reload") resetApiProvidersOf(host);
      runtime.retire();
    },
    { stage: 1000 },
  );
}
