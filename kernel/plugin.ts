// The plugin contract: a name plus a setup function that taps hooks and registers parts.
// Built-in plugins use exactly this contract; there is no private door.
import type { HookName, KernelHooks } from "./hooks.js";
import type { ProviderApi } from "./provider.js";
import type { ToolDefinition } from "./tool.js";
import type { SessionEvent } from "./events.js";
import type { SessionApi } from "./session-api.js";

/**
 * Services plugins offer each other, typed by declaration merging:
 * `declare module "pith/kernel" { interface PithServices { models: ModelRegistry } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface PithServices {}

export type ServiceName = keyof PithServices & string;

type HookArgs<K extends HookName> = KernelHooks[K] extends { promise(...args: infer A): unknown }
  ? A
  : KernelHooks[K] extends { call(...args: infer A): unknown }
    ? A
    : never;
type HookResult<K extends HookName> = KernelHooks[K] extends { promise(...args: never[]): Promise<infer R> }
  ? R
  : void;

/** A hook handler: may be sync or async; `undefined` means "no opinion" (waterfalls keep the value). */
export type HookHandler<K extends HookName> = (
  ...args: HookArgs<K>
) => HookResult<K> | undefined | void | Promise<HookResult<K> | undefined | void>;

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

export interface CommandContext {
  args: string;
  signal: AbortSignal;
}

export interface CommandDefinition {
  name: string;
  description?: string;
  /** where it came from, for listings and conflict reports */
  source?: string;
  handler(args: string, context: CommandContext): Promise<void> | void;
}

/** Undoes one registration (a tap); calling it again does nothing. */
export type Disposer = () => void;

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
   * tap a kernel hook under this plugin's name; the hook's failure policy applies. The returned disposer removes
   * exactly this tap (for plugins that load and unload parts at run time, such as pi extensions on reload).
   */
  on<K extends HookName>(hook: K, handler: HookHandler<K>, options?: TapOptions): Disposer;
  registerProvider(provider: ProviderApi): void;
  /** the provider registered for a wire protocol, for plugins that call a model outside the loop (summaries) */
  getProvider(api: string): ProviderApi | undefined;
  /** `active` (default true) decides whether the model sees the tool from the start */
  registerTool<TArgs, TDetails>(tool: ToolDefinition<TArgs, TDetails>, options?: { active?: boolean }): void;
  registerCommand(command: CommandDefinition): void;
  provide<K extends ServiceName>(name: K, service: PithServices[K]): void;
  /** a service another plugin provided; throws PLUGIN_SERVICE_MISSING naming the service when absent */
  use<K extends ServiceName>(name: K): PithServices[K];
  tryUse<K extends ServiceName>(name: K): PithServices[K] | undefined;
  /** emit a session event through the ordered queue */
  emit(event: SessionEvent): void;
  /** a problem that does not stop the session; reported with this plugin's name */
  report(error: unknown, hook?: string): void;
  /** the session this plugin serves */
  readonly session: SessionApi;
}

export interface PithPlugin {
  name: string;
  /** awaited; what it returns is ignored, so `(context) => context.on(...)` (which returns a disposer) is a setup too */
  setup(context: PluginContext): unknown;
}

export function definePlugin(plugin: PithPlugin): PithPlugin {
  return plugin;
}
