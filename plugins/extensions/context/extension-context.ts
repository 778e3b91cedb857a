// The `ctx` handlers, tools and commands receive. `ctx.ui` is the running mode's "ui" service (RPC, interactive),
// looked up on each use; without one it answers as pi's print mode does and `hasUI` is false. Once the extension's instance is replaced (reload, session move)
// every property and method throws the stale-instance error (instance/stale.ts), as pi's do.
import { PithError, errorMessage } from "../../../kernel/index.js";
import { contextUsage as contextUsageOf } from "../../compaction/tokens/context-usage.js";
import { limitsModel } from "../../models/routed-model.js";
import { extensionError } from "../instance/errors.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import { modelRegistryView } from "./model-registry-view.js";
import type { ExtensionRuntime } from "../runtime.js";
import { sessionView } from "./session-view.js";
import { sessionMoves } from "./session-moves.js";
import { systemPromptOptions } from "./prompt-options.js";
import { guarded } from "../instance/stale.js";
import type { ExtensionUIContext } from "./ui-context.js";
import { announcingPrompts } from "./ui-prompts.js";
import type { CompactOptions, ContextUsage, ExtensionCommandContext, ExtensionContext } from "../contract/types.js";

const contexts = new WeakMap<ExtensionRecord, ExtensionContext>();
const settling = new WeakSet<ExtensionRuntime>();

/** Runs `agent_settled` handlers: the run is over, so `ctx.isIdle()` is true for them though prompt() has not returned. */
export async function whileSettling<T>(runtime: ExtensionRuntime, handlers: () => Promise<T>): Promise<T> {
  settling.add(runtime);
  try {
    return await handlers();
  } finally {
    settling.delete(runtime);
  }
}

/** The extension's ctx; one object per extension, with the call's own signal when it has one. */
export function createExtensionContext(runtime: ExtensionRuntime, record: ExtensionRecord, signal?: AbortSignal): ExtensionContext {
  let base = contexts.get(record);
  if (!base) contexts.set(record, (base = guarded(buildContext(runtime, record), () => runtime.assertCurrent(record))));
  if (!signal) return base;
  const current = () => (runtime.assertCurrent(record), signal);
  return Object.create(base, { signal: { get: current, enumerable: true } }) as ExtensionContext;
}

/** The mode's ui service; its shape is pi's `ExtensionUIContext`, so it serves as `ctx.ui` as it is. */
function modeUi(runtime: ExtensionRuntime): (ExtensionUIContext & { readonly hasUI: boolean }) | undefined {
  return runtime.context.tryUse("ui");
}

function buildContext(runtime: ExtensionRuntime, record: ExtensionRecord): ExtensionContext {
  const { session } = runtime;
  return {
    get ui() {
      const ui = modeUi(runtime);
      if (ui) return ui.hasUI ? announcingPrompts(runtime, ui) : ui;
      return runtime.options.hasUI ? announcingPrompts(runtime, runtime.options.ui) : runtime.options.ui;
    },
    get hasUI() {
      return modeUi(runtime)?.hasUI ?? runtime.options.hasUI;
    },
    cwd: session.cwd,
    mode: runtime.options.mode,
    get thinkingLevel() {
      return session.thinkingLevel;
    },
    // the project-trust plugin's decision; without it, the settings service's; without either, trusted (as pith loads all)
    isProjectTrusted: () => runtime.context.tryUse("projectTrust")?.trusted ?? runtime.context.tryUse("settings")?.isProjectTrusted() ?? true,
    sessionManager: sessionView(() => runtime.sessions()?.manager, { cwd: session.cwd, sessionId: () => session.sessionId }),
    modelRegistry: modelRegistryView(() => runtime.models(), {
      // only a registration the models service took (a refused one is reported and registers nothing)
      get: (name) => runtime.records.find((loaded) => loaded.live && loaded.providerNames.has(name))?.nativeProviders.get(name),
      refresh: async (options) => (await import("../registrations/native-refresh.js")).refreshCatalogues(runtime, options),
    }),
    get model() {
      return session.model;
    },
    // a snapshot each time, as pi's: the scope the model picker and ctrl+p use
    get scopedModels() {
      const scoped = runtime.context.tryUse("modelSwitch")?.scopedModels().scoped ?? [];
      return Object.freeze(scoped.map(({ model, thinkingLevel }) => (thinkingLevel === undefined ? { model } : { model, thinkingLevel })));
    },
    get signal() {
      return session.isStreaming ? runtime.currentSignal : undefined;
    },
    isIdle: () => !session.isStreaming || settling.has(runtime),
    abort: () => void session.abort(),
    hasPendingMessages: () => session.getState().pendingMessageCount > 0,
    shutdown: () => {
      runtime.shutdownRequested = true;
    },
    getContextUsage: () => contextUsage(runtime),
    compact: (options) => compact(runtime, record, options),
    getSystemPrompt: () => runtime.chainedSystemPrompt ?? session.systemPrompt,
  };
}

/** The command handler's ctx; `withSession` after a move gets one of the instance now loaded from the same file. */
export function createCommandContext(runtime: ExtensionRuntime, record: ExtensionRecord, signal: AbortSignal): ExtensionCommandContext {
  const base = createExtensionContext(runtime, record, signal);
  const own = Object.assign(Object.create(base) as ExtensionContext, {
    getSystemPromptOptions: () => systemPromptOptions(runtime),
    waitForIdle: () => runtime.session.waitForIdle(),
    ...sessionMoves(runtime, () => {
      const current = runtime.currentFor(record);
      return { record: current, context: createCommandContext(runtime, current, signal) };
    }),
  });
  return guarded(own, () => runtime.assertCurrent(record));
}

function contextUsage(runtime: ExtensionRuntime): ContextUsage | undefined {
  const model = limitsModel(runtime.models(), runtime.session.model, runtime.session.messages);
  return contextUsageOf(model?.contextWindow ?? 0, runtime.session.messages, runtime.compaction());
}

function compact(runtime: ExtensionRuntime, record: ExtensionRecord, options: CompactOptions = {}): void {
  const compaction = runtime.compaction();
  const fail = (error: unknown) => {
    const wrapped = error instanceof Error ? error : new Error(errorMessage(error));
    if (options.onError) options.onError(wrapped);
    else runtime.report(extensionError(record.owner, "compact", error));
  };
  if (!compaction) {
    fail(new PithError("COMPACTION_UNAVAILABLE", "This session has no compaction plugin, so ctx.compact() cannot compact."));
    return;
  }
  compaction.compact(options.customInstructions).then((result) => options.onComplete?.(result), fail);
}
