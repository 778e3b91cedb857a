// The compaction plugin: keeps long sessions inside the model's context window by summarising old messages,
// automatically (threshold, overflow) and on request (the "compaction" service).
import { definePlugin, type PithPlugin, type PluginContext, PithError } from "../../kernel/index.js";
import { AutoCompaction } from "./engine/auto-compaction.js";
import { summarizeBranchEntries, collectBranchEntries, type BranchSummaryOptions, type BranchSummaryResult } from "./summary/branch-summary.js";
import { CompactionEngine, type CompactionEngineOptions } from "./engine/compaction-engine.js";
import { UsageTally } from "./summary/summary-call.js";
import type { CompactionService } from "./compaction-events.js";
import type { CompactionResult } from "./compactor.js";

export const COMPACTION_PLUGIN_NAME = "compaction";

export type CompactionPluginOptions = CompactionEngineOptions;

export function compactionPlugin(options: CompactionPluginOptions = {}): PithPlugin {
  return definePlugin({
    name: COMPACTION_PLUGIN_NAME,
    setup(context) {
      const engine = new CompactionEngine(context, options);
      const auto = new AutoCompaction(context, engine);
      // Late on the event hook: by the time a compaction_start reaches this handler, storage has seen everything before it.
      context.on("event", engine.delivery.onEvent, { stage: 100 });
      context.on("before_prompt", (event) => auto.beforePrompt(event));
      context.on("routed_request", (state) => auto.beforeRoutedRequest(state));
      // After retry (stage -10): a transient failure is sent again before anything is summarised.
      context.on("after_run", (run) => auto.afterRun(run), { stage: 10 });
      context.provide("compaction", compactionService(context, engine));
    },
  });
}

function compactionService(context: PluginContext, engine: CompactionEngine): CompactionService {
  return {
    async compact(customInstructions?: string, options: { signal?: AbortSignal } = {}): Promise<CompactionResult> {
      if (context.session.isStreaming) await context.session.abort();
      const outcome = await engine.run({ reason: "manual", customInstructions, signal: options.signal, willRetry: false });
      if (!outcome.ok) throw outcome.error;
      return outcome.result;
    },
    get isCompacting() {
      return engine.isCompacting;
    },
    abort: () => engine.abort(),
    setCompactor: (compactor) => engine.setCompactor(compactor),
    get compactor() {
      return engine.compactor;
    },
    summarizeBranch: (branch) => summarizeBranch(context, engine, branch),
    estimateContext: () => engine.estimate(),
    settings() {
      const model = context.session.model;
      if (!model) throw new PithError("NO_MODEL", "No model is selected; compaction settings depend on its context window.");
      return engine.settingsFor(model);
    },
  };
}

async function summarizeBranch(context: PluginContext, engine: CompactionEngine, options: BranchSummaryOptions): Promise<BranchSummaryResult | undefined> {
  const model = context.session.model;
  if (!model) throw new PithError("NO_MODEL", "No model is selected, so nothing can summarise the branch. Select a model first.");
  const manager = engine.sessions().manager;
  const fromId = options.fromId === undefined ? manager.getLeafId() : options.fromId;
  const { entries, commonAncestorId } = collectBranchEntries(manager, fromId, options.targetId);
  if (entries.length === 0) return undefined;
  const settings = engine.settingsFor(model);
  const tally = new UsageTally();
  const summary = await summarizeBranchEntries(entries, {
    summarize: engine.summarizer(model, settings, { source: "branchSummary" }, tally.add),
    tokenBudget: (model.contextWindow || 128_000) - settings.branchReserveTokens,
    customInstructions: options.customInstructions,
    replaceInstructions: options.replaceInstructions,
    signal: options.signal ?? new AbortController().signal,
  });
  return summary ? { ...summary, ...(tally.total ? { usage: tally.total } : {}), entries, commonAncestorId } : undefined;
}
