// The `pi` object one extension's factory receives. While the factory runs, handlers, tools, commands, flags and
// providers are held on the extension's record (and dropped if the factory throws); afterwards they take effect
// at once. Every failure is reported under the extension's file name. Once the instance is replaced (reload,
// session move) every method throws the stale-instance error (stale.ts); `events` stays on the old bus.
import { PithError, errorMessage, type ThinkingLevel } from "../../../kernel/index.js";
import { extensionError } from "./errors.js";
import { execProgram } from "./exec.js";
import type { ExtensionRecord } from "./extension-record.js";
import { deliverInBackground, sendMessage, sendUserMessage } from "../events/message-delivery.js";
import { configOfNativeProvider, isNativeProvider } from "../registrations/native-provider.js";
import { registerProviderNow, registerVirtualModelNow } from "../registrations/provider-registration.js";
import { settleNativeAvailability } from "../registrations/native-availability.js";
import { refreshNativeProviders } from "../registrations/native-refresh.js";
import { listCommands, listTools, registerAllCommands, registerToolNow } from "../registrations/registrations.js";
import type { ExtensionRuntime, InstanceHost } from "../runtime.js";
import { checkTool } from "../registrations/tool-adapter.js";
import { bindNextTurn } from "../events/hook-bridge.js";
import { guarded } from "./stale.js";
import { attachMcpService, attachOutputSchemas } from "./api-services.js";
import type { ExtensionAPI, ExtensionEventName } from "../contract/types.js";

export function createExtensionAPI(host: InstanceHost, record: ExtensionRecord): ExtensionAPI {
  // read at each call, not kept: a pre-trust instance moves into the session's runtime when the session adopts it
  const runtime = (): ExtensionRuntime => host.runtime;
  const sessions = () => runtime().sessions();
  const fail = (method: string, error: unknown) => runtime().report(extensionError(record.owner, method, error));
  // the instances loaded together share a bus; a stale instance keeps talking to the old ones only
  const bus = runtime().bus;

  const api: ExtensionAPI = {
    on(event, handler) {
      if (typeof handler !== "function") throw new PithError("EXTENSION_HANDLER_INVALID", `pi.on("${String(event)}") needs a handler function.`);
      // unsubscribing silences the handler: its tap stays, answering "no result", until the extension unloads
      let subscribed = true;
      const listening = ((payload: never, ctx: never) => (subscribed ? (handler as (e: never, c: never) => unknown)(payload, ctx) : undefined)) as never;
      record.handlers.push({ event: event as ExtensionEventName, handler: listening });
      if (record.live) runtime().addHandler(record, event as ExtensionEventName, listening);
      return () => {
        subscribed = false;
      };
    },

    registerTool(tool) {
      checkTool(tool);
      record.tools.set(tool.name, tool);
      if (runtime().loaded && record.live) registerToolNow(runtime(), record, tool);
    },

    registerCommand(name, options) {
      if (typeof name !== "string" || !name || typeof options?.handler !== "function") {
        throw new PithError("EXTENSION_COMMAND_INVALID", "registerCommand needs a name and {handler(args, ctx)}.");
      }
      const bare = name.replace(/^\//, "");
      record.commands.set(bare, options);
      if (runtime().loaded && record.live) registerAllCommands(runtime());
    },

    registerShortcut(shortcut, options) {
      record.shortcuts.set(shortcut, options);
    },

    registerFlag(name, options) {
      if (typeof name !== "string" || !name) throw new PithError("EXTENSION_FLAG_INVALID", "registerFlag needs a name.");
      const type = options?.type === "string" ? "string" : "boolean";
      if (options?.default !== undefined && typeof options.default !== type) {
        throw new PithError("EXTENSION_FLAG_INVALID", `Flag --${name} is a ${type} flag, but its default is a ${typeof options.default}.`);
      }
      record.flags.set(name, { ...options, type });
      if (record.live && !runtime().flagValues.has(name) && options?.default !== undefined) runtime().flagValues.set(name, options.default);
    },

    getFlag(name) {
      const flag = record.flags.get(name);
      if (!flag) return undefined;
      return runtime().flagValues.has(name) ? runtime().flagValues.get(name) : flag.default;
    },

    registerMessageRenderer(customType, renderer) {
      record.renderers.set(customType, renderer);
    },

    registerEntryRenderer(customType, renderer) {
      if (typeof renderer !== "function") throw new PithError("EXTENSION_RENDERER_INVALID", `registerEntryRenderer("${customType}") needs a renderer function.`);
      record.entryRenderers.set(customType, renderer);
    },

    registerToolRenderer(resolver) {
      if (typeof resolver !== "function") throw new PithError("EXTENSION_RENDERER_INVALID", "registerToolRenderer needs a resolver function.");
      record.toolRenderers.push(resolver);
    },

    registerMarkdownTransformer(transform, options = {}) {
      if (typeof transform !== "function") throw new PithError("EXTENSION_RENDERER_INVALID", "registerMarkdownTransformer needs a transform function.");
      record.markdownTransformer = { transform, options };
    },

    getSettings() {
      const settings = runtime().context.tryUse("settings");
      return settings ? (structuredClone(settings.get()) as Record<string, unknown>) : {};
    },

    sendMessage(message, options) {
      if (options?.deliverAs === "nextTurn") bindNextTurn(runtime());
      deliverInBackground(runtime(), record, "sendMessage", () => sendMessage(runtime(), message, options));
    },

    sendUserMessage(content, options) {
      deliverInBackground(runtime(), record, "sendUserMessage", () => sendUserMessage(runtime(), content, options));
    },

    appendEntry(customType, data) {
      const manager = sessions()?.manager;
      if (!manager) return;
      const entry = manager.getEntry(manager.appendCustomEntry(customType, data));
      if (entry) runtime().context.emit({ type: "entry_appended", entry });
    },

    setSessionName(name) {
      const manager = sessions()?.manager;
      if (!manager) return;
      manager.setSessionName(name);
      runtime().context.emit({ type: "session_info_changed", name: manager.getSessionName() });
    },

    getSessionName() {
      return sessions()?.manager.getSessionName();
    },

    setLabel(entryId, label) {
      sessions()?.manager.setLabel(entryId, label);
    },

    exec(command, args, options) {
      return execProgram(command, args ?? [], runtime().session.cwd, options);
    },

    getActiveTools() {
      return runtime().session.activeToolNames();
    },

    getAllTools() {
      return listTools(runtime());
    },

    setActiveTools(names) {
      // as in pi, a hidden tool stays unreachable: naming it activates nothing
      const hidden = new Set(listTools(runtime()).filter((tool) => tool.exposure === "hidden").map((tool) => tool.name));
      runtime().session.setActiveTools(names.filter((name) => !hidden.has(name)));
    },

    getCommands() {
      return listCommands(runtime());
    },

    async setModel(model) {
      const models = runtime().models();
      if (models && !models.hasAuth(model.provider)) return false;
      await runtime().session.setModel(model);
      return true;
    },

    getThinkingLevel() {
      return runtime().session.thinkingLevel;
    },

    setThinkingLevel(level: ThinkingLevel) {
      runtime().session.setThinkingLevel(level).catch((error: unknown) => fail("setThinkingLevel", error));
    },

    registerProvider(nameOrProvider, givenConfig) {
      const native = isNativeProvider(nameOrProvider) ? nameOrProvider : undefined;
      const name = native ? native.id : (nameOrProvider as string);
      const config = native ? configOfNativeProvider(native, () => runtime().models()?.storedCredential(name)) : (givenConfig ?? {});
      if (native) record.nativeProviders.set(name, native);
      else record.nativeProviders.delete(name);
      if (!record.live || !runtime().loaded) record.pendingProviders.push({ name, config });
      else {
        registerProviderNow(runtime(), record, name, config);
        if (native) void settleNativeAvailability(runtime(), record, name, AbortSignal.timeout(15_000)).then(() => refreshNativeProviders(runtime(), { allowNetwork: false, providers: [name] }));
      }
    },

    unregisterProvider(name) {
      const pending = record.pendingProviders.findIndex((entry) => entry.name === name);
      if (pending !== -1) record.pendingProviders.splice(pending, 1);
      record.providerNames.delete(name);
      record.nativeProviders.delete(name);
      try {
        runtime().models()?.unregisterProvider(name);
      } catch (error) {
        fail("unregisterProvider", new Error(errorMessage(error)));
      }
    },

    registerVirtualModel(model) {
      if (!record.live || !runtime().loaded) record.pendingVirtualModels.push(model);
      else registerVirtualModelNow(runtime(), record, model);
    },

    unregisterVirtualModel(provider, id) {
      const pending = record.pendingVirtualModels.findIndex((entry) => entry.provider === provider && entry.id === id);
      if (pending !== -1) record.pendingVirtualModels.splice(pending, 1);
      record.virtualModels.delete(`${provider}/${id}`);
      runtime().models()?.unregisterVirtualModel(provider, id);
    },

    registerMcpServer(name, config) {
      // a pre-trust kernel has no MCP: the session that adopts the instance registers the server
      if (runtime().options.preTrust) record.pendingMcpServers.push({ name, config });
      else registerMcpServerNow(runtime(), record, name, config);
    },

    unregisterMcpServer(name) {
      const pending = record.pendingMcpServers.findIndex((entry) => entry.name === name);
      if (pending !== -1) record.pendingMcpServers.splice(pending, 1);
      record.mcpServers.delete(name);
      runtime().mcp()?.unregisterServer(name, record.source.path);
    },

    getMcpServers() {
      return runtime().mcp()?.registeredServers() ?? [];
    },

    // a listener's failure is reported under the extension that subscribed it
    events: {
      on: (channel, listener) =>
        bus.on(channel, (data) => {
          const where = `events.on("${channel}")`;
          try {
            const result: unknown = listener(data);
            if (result instanceof Promise) result.catch((error: unknown) => fail(where, error));
          } catch (error) {
            fail(where, error);
          }
        }),
      emit: (channel, data) => bus.emit(channel, data),
    },
  };
  const current = guarded(api, () => runtime().assertCurrent(record), OPEN);
  attachMcpService(current, () => runtime().mcp());
  attachOutputSchemas(current, (name) => runtime().session.allTools().find((tool) => tool.name === name)?.outputSchema);
  return current;
}

/** pi leaves the event bus usable on a stale instance */
const OPEN: ReadonlySet<PropertyKey> = new Set<keyof ExtensionAPI>(["events"]);

export function registerMcpServerNow(runtime: ExtensionRuntime, record: ExtensionRecord, name: string, config: Record<string, unknown>): void {
  const mcp = runtime.mcp();
  if (!mcp) {
    const error = new PithError("MCP_UNAVAILABLE", `MCP server "${name}" was not registered: MCP is off in this session (--no-mcp, or the mcp plugin is not loaded).`);
    runtime.report(extensionError(record.owner, "registerMcpServer", error));
    return;
  }
  mcp.registerServer(name, config, record.source.path);
  record.mcpServers.add(name);
}
