// When the plugin compacts on its own: before a prompt and after a run when the context passed the threshold,
// before a virtual model's request when the model its router chose has too small a window, and after a context
// overflow, where it compacts and sends the request again, once.
import { isTapped, type AgentMessage, type AssistantMessage, type Model, type PluginContext, type BeforePromptContext, type RunContinuation, type RunEndContext, type StreamRequest } from "../../../kernel/index.js";
import { convertToLlm } from "../../../lib/transcript/convert-to-llm.js";
import type { RoutedRequestState } from "../../models/routing.js";
import type { CompactionEngine } from "./compaction-engine.js";
import type { CompactionSettings } from "../compaction-settings.js";
import { isContextOverflow } from "../tokens/context-overflow.js";
import { limitsModel, modelOfReply } from "../../models/routed-model.js";

export const OVERFLOW_RETRY_FAILED =
  "Context overflow recovery failed after one compact-and-retry attempt. Shorten the request, start a new session, or switch to a model with a larger context window.";

export class AutoCompaction {
  /** one compact-and-retry per prompt; a reply that fits the window allows another */
  private overflowRetried = false;

  constructor(
    private readonly context: PluginContext,
    private readonly engine: CompactionEngine,
  ) {}

  /** `before_prompt`: compact first when the conversation is already over the threshold. */
  async beforePrompt({ model: selected, signal }: BeforePromptContext): Promise<void> {
    this.overflowRetried = false;
    const model = limitsModel(this.context.tryUse("models"), selected, this.context.session.messages) ?? selected;
    if (this.overThreshold(model, this.engine.settingsFor(model))) await this.engine.run({ reason: "threshold", signal, willRetry: false });
  }

  /**
   * `routed_request`: the physical model a virtual model's router just chose has too small a window for the
   * conversation, so it is compacted first and the compacted conversation goes to that model (the route stands), as
   * pi 1.6.0 does.
   */
  async beforeRoutedRequest(state: RoutedRequestState): Promise<RoutedRequestState> {
    const model = state.request.model;
    if (!this.overThreshold(model, this.engine.settingsFor(model))) return state;
    // the prompt is stored once its message_end was delivered, and the compacted context is built from storage
    await this.context.session.drainEvents();
    const outcome = await this.engine.run({ reason: "threshold", signal: state.request.signal, willRetry: false });
    return outcome.ok ? { ...state, request: await requestAfterCompaction(this.context, state) } : state;
  }

  /** `after_run`: overflow recovery, else the threshold check. */
  async afterRun({ messages, lastAssistant, signal }: RunEndContext): Promise<RunContinuation | undefined> {
    const selected = this.context.session.model;
    if (!selected || !lastAssistant || lastAssistant.stopReason === "aborted") return undefined;
    // A reply from another model says nothing about this one's window (a switch to a larger model); under a
    // virtual selection, the physical model that answered gives the limits.
    const replyModel = modelOfReply(this.context.tryUse("models"), selected, lastAssistant);
    const model = replyModel ?? selected;
    const settings = this.engine.settingsFor(model);
    if (!settings.enabled) return undefined;
    if (repliedWithinWindow(messages, lastAssistant, model)) this.overflowRetried = false;

    if (replyModel && isContextOverflow(lastAssistant, model.contextWindow)) return this.recoverFromOverflow(lastAssistant, signal);

    if (!this.overThreshold(model, settings)) return undefined;
    await this.engine.run({ reason: "threshold", signal, willRetry: false });
    // Messages queued while compacting would otherwise wait for the next prompt; pi 1.6.0 sends them however the
    // compaction ended (cancelled or failed too).
    if (this.context.session.getState().pendingMessageCount > 0) {
      return { continue: true, reason: "deliver messages queued during compaction" };
    }
    return undefined;
  }

  private async recoverFromOverflow(failed: AssistantMessage, signal: AbortSignal): Promise<RunContinuation | undefined> {
    if (this.overflowRetried) {
      this.context.emit({ type: "compaction_end", reason: "overflow", result: undefined, aborted: false, willRetry: false, errorMessage: OVERFLOW_RETRY_FAILED });
      this.context.log.warn(OVERFLOW_RETRY_FAILED);
      return undefined;
    }
    this.overflowRetried = true;
    // The failed reply stays in the session file but not in what the model is sent again: a context_edit hides it
    // (and its tool results) for good, as pi 1.6.0 does; without a stored session it is only dropped from memory.
    const omitted = await this.omitFailedReply(failed);
    if (!omitted) this.dropFailedReply(failed);
    const outcome = await this.engine.run({ reason: "overflow", signal, willRetry: true });
    if (!outcome.ok) return undefined;
    if (!omitted) this.dropFailedReply(failed);
    return { continue: true, reason: "context overflow: compacted, sending the request again" };
  }

  /** Appends a `context_edit` that hides the failed reply and its tool results, and rebuilds the context. */
  private async omitFailedReply(failed: AssistantMessage): Promise<boolean> {
    const manager = this.context.tryUse("sessions")?.manager;
    if (!manager) return false;
    await this.context.session.drainEvents(); // the failed reply is stored once its message_end was delivered
    const branch = manager.getBranch();
    let at = branch.length - 1;
    const isFailed = (entry: (typeof branch)[number]) =>
      entry.type === "message" && (entry.message === failed || (entry.message.role === "assistant" && entry.message.timestamp === failed.timestamp));
    while (at >= 0 && !isFailed(branch[at]!)) at--;
    if (at < 0) return false;
    const callIds = new Set(failed.content.flatMap((block) => (block.type === "toolCall" ? [block.id] : [])));
    const targets = [branch[at]!];
    for (const entry of branch.slice(at + 1)) {
      if (entry.type !== "message") continue;
      if (entry.message.role === "assistant") break;
      if (entry.message.role === "toolResult" && callIds.has(entry.message.toolCallId)) targets.push(entry);
    }
    for (const target of targets) {
      const edit = manager.getEntry(manager.appendContextEdit(target.id, null));
      if (edit) this.context.emit({ type: "entry_appended", entry: edit });
    }
    this.context.session.replaceMessages(manager.buildSessionContext().messages);
    return true;
  }

  /** Rebuilding the context after compaction brings the failed reply back when it is in the kept part. */
  private dropFailedReply(failed: AssistantMessage): void {
    const messages = this.context.session.messages;
    const last = messages.at(-1) as AssistantMessage | undefined;
    const isFailed = last === failed || (last?.role === "assistant" && last.stopReason === "error" && last.timestamp === failed.timestamp);
    if (isFailed) this.context.session.replaceMessages(messages.slice(0, -1));
  }

  private overThreshold(model: Model, settings: CompactionSettings): boolean {
    if (!settings.enabled || model.contextWindow <= 0) return false;
    return this.engine.exceeds(model.contextWindow - settings.reserveTokens);
  }
}

/** The run had a reply that completed without overflowing: the last overflow retry did its job. */
function repliedWithinWindow(messages: readonly AgentMessage[], last: AssistantMessage, model: Model): boolean {
  return messages.some((message) => {
    const reply = message as AssistantMessage;
    if (reply.role !== "assistant" || reply === last) return false;
    return reply.stopReason !== "error" && reply.stopReason !== "aborted" && !isContextOverflow(reply, model.contextWindow);
  });
}

/**
 * The routed request again, from the compacted conversation: through the `context` and `context_with_system`
 * handlers and into provider messages, as the kernel built it the first time (the request is already inside its
 * provider, past the kernel's own building, which has no way back).
 */
async function requestAfterCompaction(context: PluginContext, { request, selected }: RoutedRequestState): Promise<StreamRequest> {
  const { hooks, session } = context;
  const signal = request.signal;
  let messages = isTapped(hooks.context) ? (await hooks.context.promise({ messages: structuredClone([...session.messages]), signal })).messages : session.messages.slice();
  let { systemPrompt, tools } = request;
  if (isTapped(hooks.context_with_system)) {
    ({ messages, systemPrompt, tools } = await hooks.context_with_system.promise({ messages, systemPrompt: session.systemPrompt, tools, model: selected, signal }));
  }
  return { ...request, systemPrompt, tools, messages: convertToLlm(messages) };
}
