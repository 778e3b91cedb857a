// The plugin contract: a name plus a setup function that taps hooks and registers parts.
// Built-in plugins use exactly this contract; there is no private door.
import type { HookArg, HookName, HookResult, KernelHooks, OwnedHooks } from "./hooks.js";
import type { ProviderApi } from "./provider.js";
import type { ToolDefinition } from "./tool.js";
import type { SessionEvent } from "./events.js";
import type { SessionApi } from "./agent-session.js";
import type { CommandDefinition } from "./command.js";

/**
 * Services plugins offer each other, typed by declaration merging:
 * `declare module "pith/kernel" { interface PithServices { models: ModelRegistry } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface PithServices {}

export type ServiceName = keyof PithServices & string;

/** A hook handler: may be sync or async; `undefined` means "no opinion" (waterfalls keep the value). */
export type HookHandler<K extends HookName> = (
  arg: HookArg<K>,
) => HookResult<K> | undefined | void | Promise<HookResult<K> | undefined | void>;
/** Looked up by name, a handler passed to `on()` keeps its literal results (`{cancel: true}` is not widened to boolean). */
export type HookHandlers = { [K in HookName]: HookHandler<K> };

export interface TapOptions {
  /** lower runs earlier; default 0 (tapable's stage) */
  stage?: number;
  /**
   * run before the handlers of these plugins: before every one of their taps on this hook of the same or a higher
   * stage (stage comes first); names that have not tapped the hook change nothing
   */
  before?: string | readonly string[];
  /** for tool hooks: only call this handler for these tool names (skips the call entirely otherwise) */
  tools?: string[];
}

/** Undoes one registration (a tap, a tool, a command ...); calling it again does nothing. */
export type Disposer = () => void;

/** What is registered under one kind of name, and by whom; read-only. */
export interface RegisteredNames<T> {
  get(name: string): T | undefined;
  /** the plugin whose registration is current */
  owner(name: string): string | undefined;
  has(name: string): boolean;
  names(): string[];
  values(): T[];
}

/** What the plugins registered so far. */
export interface RegistryView {
  readonly tools: RegisteredNames<ToolDefinition>;
  readonly commands: RegisteredNames<CommandDefinition>;
  readonly providers: RegisteredNames<ProviderApi>;
  /** the plugins set up so far, in setup order */
  readonly plugins: readonly string[];
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface PluginContext {
  readonly name: string;
  readonly cwd: string;
  readonly hooks: KernelHooks;
  readonly log: Logger;
  /**
   * tap any hook of the table (the kernel's, or one a plugin owns, even before that plugin loads) under this
   * plugin's name; the hook's failure policy applies. The disposer removes exactly this tap.
   */
  on<K extends HookName>(hook: K, handler: HookHandlers[K], options?: TapOptions): Disposer;
  /** the hooks `owner` fires (webpack's getCompilationHooks): made on first request, by the owner or anyone */
  hooksOf<O extends string>(owner: O): OwnedHooks<O>;
  /** what is registered, and by whom */
  readonly registry: RegistryView;
  /** Every `register*` and `provide` returns a disposer that undoes it (a replaced registration comes back). */
  registerProvider(provider: ProviderApi): Disposer;
  /** the provider registered for a wire protocol, for plugins that call a model outside the loop (summaries) */
  getProvider(api: string): ProviderApi | undefined;
  /** `active` (default true) decides whether the model sees the tool from the start */
  registerTool<TArgs, TDetails>(tool: ToolDefinition<TArgs, TDetails>, options?: { active?: boolean }): Disposer;
  registerCommand(command: CommandDefinition): Disposer;
  provide<K extends ServiceName>(name: K, service: PithServices[K]): Disposer;
  /** a service another plugin provided; throws PLUGIN_SERVICE_MISSING naming the service when absent */
  use<K extends ServiceName>(name: K): PithServices[K];
  tryUse<K extends ServiceName>(name: K): PithServices[K] | undefined;
  /** emit a session event through the ordered queue */
  emit(event: SessionEvent): void;
  /** a problem that does not stop the session; reported with this plugin's name (a PithError naming a plugin as is) */
  report(error: unknown, hook?: string): void;
  /** the session this plugin serves */
  readonly session: SessionApi;
  /**
   * A context for a part this plugin loads and unloads at run time (a pi extension): its taps and registrations
   * carry `name` (default: this plugin's) and keep this plugin's place in every hook's order, and `dispose()`
   * undoes all of them at once, latest first (fastify's encapsulation).
   */
  scope(name?: string): ScopedPluginContext;
  /**
   * Times a piece of this plugin's setup (an extension file, package resolution) for the boot timing report
   * (`PITH_TIMING`): it appears under this plugin; what `work` times with the function it is given nests below.
   * Returns what `work` returns.
   */
  time<T>(label: string, work: (time: <U>(label: string, work: () => Promise<U>) => Promise<U>) => Promise<T>): Promise<T>;
  /**
   * Tells the kernel a long setup is still getting somewhere (a file compiled, a package installed): the setup
   * limit counts from the last progress, so only a setup that stalls fails. A timed part ending counts too.
   */
  progress(): void;
}

export interface ScopedPluginContext extends PluginContext {
  /** undoes every tap and registration made through this context (and its own scopes); using it after throws */
  dispose(): void;
}

export interface PithPlugin {
  name: string;
  /** awaited; what it returns is ignored, so `(context) => context.on(...)` (which returns a disposer) is a setup too */
  setup(context: PluginContext): unknown;
}

/** What boot takes: a plugin, or a plugin imported only when its turn in the load order comes. */
export type PluginSpec = PithPlugin | { name: string; load: () => Promise<PithPlugin> };

export function definePlugin(plugin: PithPlugin): PithPlugin {
  return plugin;
}
