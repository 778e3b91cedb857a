// pi 1.6.0's `ExtensionRunner` over a set of extensions pith loaded apart from a session (`discoverAndLoadExtensions`,
// `DefaultResourceLoader.getExtensions()`): what they registered, looked up as pi's runner does (the first tool or
// flag of a name wins, commands of one name numbered `name:1`, `name:2`), their handlers run in load order with a
// `ctx` made of the actions `bindCore` gave, and handler failures told to `onError` listeners. The events a session
// fires itself are pith's own hooks; this class is for a host program that drives extensions by hand.
import { noUIContext } from "../../context/ui-context.js";
import type { PiExtension } from "../extension-set-loading.js";
import type { UnboundExtensionRuntime } from "../sdk/extension-runtime.js";

type Handler = (event: object, ctx: object) => unknown;
export interface ExtensionError {
  extensionPath: string;
  event: string;
  error: string;
  stack?: string;
}
type ContextActions = Partial<Record<"getModel" | "isIdle" | "abort" | "hasPendingMessages" | "shutdown" | "getContextUsage" | "compact" | "getSystemPrompt" | "getSignal", (...args: never[]) => unknown>>;
type CoreActions = Partial<Record<"getActiveTools", () => string[]>>;

const SESSION_BEFORE = new Set(["session_before_switch", "session_before_fork", "session_before_compact", "session_before_tree"]);

export class ExtensionRunner {
  private readonly errorListeners = new Set<(error: ExtensionError) => void>();
  private actions: CoreActions = {};
  private contextActions: ContextActions = {};
  private ui: object = noUIContext;
  private mode = "print";

  constructor(
    private readonly extensions: PiExtension[],
    private readonly runtime: UnboundExtensionRuntime,
    private readonly cwd: string,
    private readonly sessionManager: unknown,
    private readonly modelRegistry: unknown,
  ) {}

  bindCore(actions: CoreActions, contextActions: ContextActions): void {
    this.actions = actions;
    this.contextActions = contextActions;
  }
  setUIContext(uiContext?: object, mode?: string): void {
    this.ui = uiContext ?? noUIContext;
    if (mode) this.mode = mode;
  }
  getUIContext(): object {
    return this.ui;
  }
  hasUI(): boolean {
    return this.ui !== noUIContext;
  }
  getModelRegistry(): unknown {
    return this.modelRegistry;
  }
  getExtensionPaths(): string[] {
    return this.extensions.map((extension) => extension.path);
  }
  getAllRegisteredTools(): { definition: object; sourceInfo: object }[] {
    return [...this.firstByName((extension) => extension.tools).values()];
  }
  getToolDefinition(toolName: string): object | undefined {
    return this.extensions.find((extension) => extension.tools.has(toolName))?.tools.get(toolName)?.definition;
  }
  getFlags(): Map<string, object> {
    return this.firstByName((extension) => extension.flags);
  }
  setFlagValue(name: string, value: boolean | string): void {
    this.runtime.flagValues.set(name, value);
  }
  getFlagValues(): Map<string, boolean | string> {
    return new Map(this.runtime.flagValues);
  }
  getActiveTools(): string[] {
    return this.actions.getActiveTools?.() ?? [];
  }
  hasHandlers(eventType: string): boolean {
    return this.extensions.some((extension) => (extension.handlers.get(eventType)?.length ?? 0) > 0);
  }
  getMessageRenderer(customType: string): unknown {
    return this.extensions.find((extension) => extension.messageRenderers.has(customType))?.messageRenderers.get(customType);
  }

  /** Every command; a name several extensions register is invoked as `name:1`, `name:2`, ... */
  getRegisteredCommands(): (object & { name: string; invocationName: string })[] {
    const commands = this.extensions.flatMap((extension) => [...extension.commands.values()] as (object & { name: string })[]);
    const counts = new Map<string, number>();
    for (const { name } of commands) counts.set(name, (counts.get(name) ?? 0) + 1);
    const seen = new Map<string, number>();
    const taken = new Set<string>();
    return commands.map((command) => {
      const occurrence = (seen.get(command.name) ?? 0) + 1;
      seen.set(command.name, occurrence);
      let suffix = occurrence;
      let invocationName = counts.get(command.name)! > 1 ? `${command.name}:${suffix}` : command.name;
      while (taken.has(invocationName)) invocationName = `${command.name}:${++suffix}`;
      taken.add(invocationName);
      return { ...command, invocationName };
    });
  }
  getCommandDiagnostics(): never[] {
    return [];
  }
  getCommand(name: string): object | undefined {
    return this.getRegisteredCommands().find((command) => command.invocationName === name);
  }

  invalidate(message?: string): void {
    this.runtime.invalidate(message);
  }
  onError(listener: (error: ExtensionError) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }
  emitError(error: ExtensionError): void {
    for (const listener of this.errorListeners) listener(error);
  }
  shutdown(): void {
    this.contextActions.shutdown?.();
  }

  /** The `ctx` handlers get: the runner's folder, session manager, registry and UI, and the bound actions. */
  createContext(): object {
    this.runtime.assertActive();
    const call = (name: keyof ContextActions, fallback: unknown) => (...args: never[]) => (this.contextActions[name] ? this.contextActions[name]!(...args) : fallback);
    return {
      ui: this.ui,
      mode: this.mode,
      hasUI: this.hasUI(),
      cwd: this.cwd,
      sessionManager: this.sessionManager,
      modelRegistry: this.modelRegistry,
      model: this.contextActions.getModel?.(),
      signal: this.contextActions.getSignal?.(),
      isIdle: call("isIdle", true),
      abort: call("abort", undefined),
      hasPendingMessages: call("hasPendingMessages", false),
      shutdown: () => this.shutdown(),
      getContextUsage: call("getContextUsage", undefined),
      compact: call("compact", undefined),
      getSystemPrompt: call("getSystemPrompt", ""),
    };
  }

  /** Runs every handler of the event; a `session_before_*` handler's result is returned, and a cancel stops there. */
  async emit(event: { type: string }): Promise<unknown> {
    let result: { cancel?: boolean } | undefined;
    await this.each(event.type, async (handler, ctx) => {
      const answer = (await handler(event, ctx)) as { cancel?: boolean } | undefined;
      if (SESSION_BEFORE.has(event.type) && answer) result = answer;
      return result?.cancel === true;
    });
    return result;
  }

  /** `tool_call` handlers in turn until one blocks; a throw reaches the caller (the call fails closed). */
  async emitToolCall(event: { type: "tool_call" }): Promise<{ block?: boolean; reason?: string } | undefined> {
    let result: { block?: boolean; reason?: string } | undefined;
    const ctx = this.createContext();
    for (const handler of this.handlersOf("tool_call").map(([, handler]) => handler)) {
      const answer = (await handler(event, ctx)) as typeof result;
      if (answer) result = answer;
      if (result?.block) return result;
    }
    return result;
  }

  /** `input` handlers chained: a transform passes its text on, `handled` ends there. */
  async emitInput(text: string, images: unknown[] | undefined, source: string, streamingBehavior?: "steer" | "followUp"): Promise<object> {
    let current = { text, images };
    let handled: object | undefined;
    await this.each("input", async (handler, ctx) => {
      const answer = (await handler({ type: "input", ...current, source, streamingBehavior }, ctx)) as { action?: string; text?: string; images?: unknown[] } | undefined;
      if (answer?.action === "handled") handled = answer;
      else if (answer?.action === "transform") current = { text: answer.text ?? current.text, images: answer.images ?? current.images };
      return handled !== undefined;
    });
    if (handled) return handled;
    return current.text !== text || current.images !== images ? { action: "transform", ...current } : { action: "continue" };
  }

  private handlersOf(eventType: string): [PiExtension, Handler][] {
    return this.extensions.flatMap((extension) => (extension.handlers.get(eventType) ?? []).map((handler) => [extension, handler as unknown as Handler] as [PiExtension, Handler]));
  }

  /** Each handler in load order until `run` says stop; a throw is an error for the listeners, and the next runs. */
  private async each(eventType: string, run: (handler: Handler, ctx: object) => Promise<boolean>): Promise<void> {
    const ctx = this.createContext();
    for (const [extension, handler] of this.handlersOf(eventType)) {
      try {
        if (await run(handler, ctx)) return;
      } catch (error) {
        this.emitError({ extensionPath: extension.path, event: eventType, error: error instanceof Error ? error.message : String(error), ...(error instanceof Error && error.stack ? { stack: error.stack } : {}) });
      }
    }
  }

  private firstByName<T>(kind: (extension: PiExtension) => Map<string, T>): Map<string, T> {
    const found = new Map<string, T>();
    for (const extension of this.extensions) for (const [name, value] of kind(extension)) if (!found.has(name)) found.set(name, value);
    return found;
  }
}

