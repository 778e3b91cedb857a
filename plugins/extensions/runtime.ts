// The extensions of one session: their records, the handlers per event, the shared state the `pi` and `ctx`
// objects read (flag values, the event bus, queued next-turn messages, the running turn's signal), and the
// services pith's other plugins offer them. `retire()` makes the loaded instances stale once their
// session_shutdown ran (their `pi` and `ctx` objects throw from then on), `unload()` removes them (pi's reload
// and session moves load new ones); flag values, queued messages and background deliveries stay with the
// session. Each instance taps and registers through a scope of the plugin's context (named after its file), which
// keeps the extensions plugin's place in every hook's order and undoes everything at once on unload.
import type { CustomMessage, Disposer, Logger, PithError, PluginContext, ScopedPluginContext, SessionApi } from "../../kernel/index.js";
import type { CompactionService } from "../compaction/compaction-events.js";
import type { ModelRegistry } from "../models/registry.js";
import type { McpService } from "../mcp/index.js";
import type { SessionsService } from "../sessions/sessions-service.js";
import type { BoundaryProposal } from "./contract/event-types.js";
import { createEventBus } from "./events/event-bus.js";
import { extensionError } from "./instance/errors.js";
import { createExtensionRecord, type AnyHandler, type ExtensionRecord } from "./instance/extension-record.js";
import { staleError } from "./instance/stale.js";
import type { ExtensionUIContext } from "./context/ui-context.js";
import type { PromptOptionRun } from "./events/prompt-option-run.js";
import type { ExtensionEventName, ExtensionMode, PiCommandOptions, ResourcesDiscoverResult } from "./contract/types.js";
import type { SessionFactory } from "./shims/sdk/session-factory.js";

export interface ExtensionRuntimeOptions {
  agentDir: string;
  ui: ExtensionUIContext;
  hasUI: boolean;
  log: Logger;
  /** `ctx.mode` */
  mode: ExtensionMode;
  /** loads instances only to ask their `project_trust` handlers, for the session to adopt (preloaded.ts) */
  preTrust?: boolean;
  /** the host's session factory, for pi's SDK names (shims/sdk) */
  createSession?: SessionFactory;
}

/** Where a loaded instance's `pi` object acts: the runtime it loaded in, until a session adopts a pre-trust instance. */
export interface InstanceHost {
  runtime: ExtensionRuntime;
}

export class ExtensionRuntime {
  readonly records: ExtensionRecord[] = [];
  /** each loaded instance's host (what its `pi` object reads the runtime from) */
  readonly hosts = new Map<ExtensionRecord, InstanceHost>();
  readonly flagValues = new Map<string, boolean | string>();
  /** the bus of the loaded instances; new instances get a new one */
  bus: ReturnType<typeof createEventBus>;
  /** invocation name (`review`, `review:1`) → the command behind it */
  readonly commandTable = new Map<string, { record: ExtensionRecord; name: string; options: PiCommandOptions; unregister?: Disposer }>();
  readonly timings: { path: string; importMs: number; factoryMs: number }[] = [];
  discovered: Required<ResourcesDiscoverResult> = { skillPaths: [], promptPaths: [], themePaths: [] };
  /** custom messages `sendMessage(..., {deliverAs: "nextTurn"})` queued for the next prompt */
  readonly nextTurn: CustomMessage[] = [];
  /** fire-and-forget deliveries (sendUserMessage, triggered turns) still running */
  readonly inFlight = new Set<Promise<unknown>>();
  /** the signal of the turn in progress, as last seen by a hook that carries one */
  currentSignal: AbortSignal | undefined;
  /** during before_agent_start: the system prompt as chained so far (`ctx.getSystemPrompt()`) */
  chainedSystemPrompt: string | undefined;
  /** the `systemPromptOptions` of the last run's before_agent_start handlers, and the prompt edits made of them */
  promptOptionRun: PromptOptionRun | undefined;
  /** the entries `turn_end` / `agent_before_settle` handlers proposed so far in the boundary being run */
  boundary: BoundaryProposal = { entries: [], valid: true };
  commitsBoundaries = false;
  /** the index of the turn in progress (pi's turnIndex) */
  turnIndex = 0;
  /** an extension listens to queue events: hook-driven events wait for the queue first */
  watchesQueue = false;
  watchesNextTurn = false;
  shutdownRequested = false;
  /** session_start has been announced */
  started = false;
  /** set once every extension loaded: later registrations take effect at once */
  loaded = false;
  /** the session-wide taps (lifecycle, host) are in place */
  watching = false;
  /** the shims' host points at this session (events/lifecycle.ts) */
  hostInstalled = false;
  /** skill or prompt paths from resources_discover are in the resource plugins */
  contributedResources = false;
  /** counts retirements: a record of an older generation is a stale instance */
  generation = 0;
  /** the loaded instances went stale (their session ended or is being replaced) and wait for unload */
  private retired = false;
  readonly session: SessionApi;
  private readonly onHandler: (record: ExtensionRecord, event: ExtensionEventName, handler: AnyHandler) => void;
  /** what each loaded instance, and each pith plugin found among the extensions, tapped and registered */
  private readonly scopes = new Map<ExtensionRecord | string, ScopedPluginContext>();

  constructor(
    /** the extensions plugin's context */
    readonly context: PluginContext,
    readonly options: ExtensionRuntimeOptions,
    onHandler: (runtime: ExtensionRuntime, record: ExtensionRecord, event: ExtensionEventName, handler: AnyHandler) => void,
  ) {
    this.session = context.session;
    this.bus = createEventBus();
    this.onHandler = (record, event, handler) => onHandler(this, record, event, handler);
  }

  get cwd(): string {
    return this.session.cwd;
  }

  models(): ModelRegistry | undefined {
    return this.context.tryUse("models");
  }

  mcp(): McpService | undefined {
    return this.context.tryUse("mcp");
  }

  sessions(): SessionsService | undefined {
    return this.context.tryUse("sessions");
  }

  compaction(): CompactionService | undefined {
    return this.context.tryUse("compaction");
  }

  report(error: PithError): void {
    this.context.report(error);
  }

  /** Throws the stale-instance error when `record` is a retired instance. */
  assertCurrent(record: ExtensionRecord): void {
    if (record.generation !== this.generation) throw staleError(record);
  }

  /**
   * The instance now loaded from the same file as `record` (a `withSession` context after a move belongs to it),
   * or a stand-in of the current generation when that file no longer loads.
   */
  currentFor(record: ExtensionRecord): ExtensionRecord {
    if (record.generation === this.generation) return record;
    return this.records.find((loaded) => loaded.source.path === record.source.path) ?? createExtensionRecord(record.source, record.display, record.order, this.generation);
  }

  /**
   * A plugin context named after the extension, so the kernel's registries and reports name its file; what it taps
   * and registers goes when the extension unloads.
   */
  pluginContextFor(record: ExtensionRecord): ScopedPluginContext {
    return this.scopeOf(record, record.owner);
  }

  /** The context a pith plugin found among the extensions is set up with; it unloads with the extensions. */
  pluginContext(name: string): ScopedPluginContext {
    return this.scopeOf(name, name);
  }

  /**
   * Makes the loaded instances stale: their `pi` and `ctx` objects throw on use from now on. pi does this right
   * after `session_shutdown`, before the next conversation or reload begins, so nothing an old instance still
   * runs (a timer, a late promise) reaches what comes next.
   */
  retire(): void {
    if (this.retired) return;
    this.retired = true;
    this.generation++;
  }

  /**
   * Removes every loaded instance: handlers, taps, tools, commands, provider apis, services and the providers
   * they gave the models service. They are stale from now on (if they were not yet).
   */
  unload(): void {
    this.retire();
    this.retired = false;
    const models = this.models();
    for (const record of this.records) {
      record.live = false;
      for (const name of record.providerNames) models?.unregisterProvider(name);
      for (const [provider, id] of record.virtualModels.values()) models?.unregisterVirtualModel(provider, id);
      for (const name of record.mcpServers) this.mcp()?.unregisterServer(name, record.source.path);
    }
    for (const scope of [...this.scopes.values()].reverse()) scope.dispose();
    this.scopes.clear();
    this.records.length = 0;
    this.hosts.clear();
    this.commandTable.clear();
    this.timings.length = 0;
    this.bus = createEventBus();
    this.started = false;
    this.loaded = false;
  }

  private scopeOf(key: ExtensionRecord | string, name: string): ScopedPluginContext {
    let scope = this.scopes.get(key);
    if (!scope) this.scopes.set(key, (scope = this.context.scope(name)));
    return scope;
  }

  /** A loaded instance's handler: a tap on the hook of its event. */
  addHandler(record: ExtensionRecord, event: ExtensionEventName, handler: AnyHandler): void {
    this.onHandler(record, event, handler);
  }

  /** Runs a delivery in the background, reporting its failure under the extension's name. */
  track(record: ExtensionRecord, what: string, work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => this.report(extensionError(record.owner, what, error)));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  /** Resolves once every background delivery started so far (and any they started) is done. */
  async deliveriesDone(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
