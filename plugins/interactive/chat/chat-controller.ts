// Maps session events to chat components: each message gets its item when it starts, a streaming reply and its
// tool rows are updated in place, and the working indicator, queue and notices follow the run.
import { Container, Spacer, type Component, type LoaderIndicatorOptions, type TUI } from "@earendil-works/pi-tui";
import type { AssistantMessage as AssistantMessageData, AgentMessage, SessionEvent } from "../../../kernel/index.js";
import { AssistantMessage, type AssistantDisplay } from "../components/assistant-message.js";
import { Countdown } from "../components/countdown.js";
import { billedText, cacheMissText, Notice, type NoticeKind } from "../components/notice.js";
import type { CacheMiss } from "../../session-services/cache-misses.js";
import { PendingMessages } from "../components/pending-messages.js";
import { ToolRow } from "../components/tool-row.js";
import { rendererFor, type RegisteredTool } from "../tools/renderers.js";
import { WorkingStatus, type StatusColours } from "../components/working-status.js";
import { RenderedToolRow } from "../extensions/rendered-tool-row.js";
import { OUTPUT_PAD, padded, type Padded } from "../extensions/output-pad.js";
import { PaintedText } from "../components/painted-text.js";
import { chatItemFor, entryItemFor, type ChatItem, type EntryPlace, type ItemContext } from "./chat-items.js";
import type { CustomEntryData } from "../extensions/custom-entry.js";
import type { HistoryItem } from "./history.js";
import type { Theme } from "../theme/theme.js";
import type { ImageDisplay } from "../components/chat-images.js";
import type { ExtensionTerminalParts } from "../../extensions/service/terminal-parts.js";
import type { KeyHints } from "../extensions/key-hints.js";
import { cacheWarmedText } from "../../cache-warming/status-text.js";
import type { UsageEntry } from "../../sessions/index.js";

/** what extensions draw in the chat: their message and tool renderers, with the user's key hints */
export interface ChatRenderers {
  extensions(): ExtensionTerminalParts | undefined;
  readonly hints: KeyHints;
  /** the session's folder, for tool renderers */
  cwd(): string;
  /** what is registered under a tool's name, for tools without a renderer of their own */
  registeredTool(name: string): RegisteredTool | undefined;
  /** the editor in use (the prompt or an extension's), which may draw the working indicator in its border */
  editorInUse(): unknown;
  /** the cache miss a reply that just ended paid for, if any */
  cacheMiss(reply: AssistantMessageData): CacheMiss | undefined;
}

/** a tool call's place in the chat: pith's own row, or one an extension draws */
type ToolCallRow = Pick<ToolRow, "setArgs" | "setPartial" | "finish" | "cancel" | "setExpanded"> & Component & { markStarted?(): void; setArgsComplete?(): void };

export interface ChatLayout {
  chat: Container;
  pending: PendingMessages;
  status: Container;
}

export interface ChatSettings extends AssistantDisplay {
  toolsExpanded: boolean;
  /** `terminal.showImages` and `terminal.imageWidthCells`, for the items made from now on */
  images: ImageDisplay;
  expandKey: string;
  dequeueKey: string;
  interruptKey: string;
  workingMessage: string;
  workingVisible: boolean;
  /** the `outputPad` setting: the horizontal padding of what the chat draws */
  outputPad: number;
  /** the `showCacheMissNotices` setting: cache refreshes are shown */
  cacheNotices: boolean;
}

export class ChatController {
  private reply: AssistantMessage | undefined;
  private readonly replies: AssistantMessage[] = [];
  private readonly rows = new Map<string, ToolCallRow>();
  private readonly expandable: ChatItem[] = [];
  private working = false;
  /** the retry the current request is (0: the first try), for "Aborted after N retry attempts" */
  private retryAttempt = 0;
  private countdown: Countdown | undefined;
  /** the last cache-refresh line, which the next refresh adds to while nothing came after it */
  private cacheWarmNotice: { item: Notice; total: number; note: string | undefined } | undefined;
  /** the spinner while the agent works, retries or compacts */
  readonly status: WorkingStatus;

  constructor(
    private readonly tui: TUI,
    private readonly layout: ChatLayout,
    private readonly theme: Theme,
    readonly settings: ChatSettings,
    private readonly renderers: ChatRenderers,
  ) {
    this.status = new WorkingStatus(tui, theme, layout.status, () => renderers.editorInUse());
  }

  handle(event: SessionEvent): void {
    switch (event.type) {
      case "agent_start":
        this.working = true;
        this.showLoader(this.settings.workingMessage);
        break;
      case "agent_end":
        this.working = false;
        this.stopCountdown();
        this.hideLoader();
        break;
      case "message_start":
        if (event.message.role === "assistant") this.startReply(event.message);
        else this.addMessage(event.message);
        break;
      case "message_update":
        if (event.message.role === "assistant") this.updateReply(event.message);
        break;
      case "message_end":
        if (event.message.role === "assistant") {
          this.endReply(event.message);
          if (this.settings.cacheNotices) this.addCacheMiss(this.renderers.cacheMiss(event.message));
        }
        break;
      case "tool_execution_start": {
        const row = this.row(event.toolCallId, event.toolName);
        row.setArgs(event.args);
        row.setArgsComplete?.();
        row.markStarted?.();
        break;
      }
      case "tool_execution_update":
        this.row(event.toolCallId, event.toolName).setPartial(event.partialResult as object);
        break;
      case "tool_execution_end":
        this.row(event.toolCallId, event.toolName).finish({ ...(event.result as object), durationMs: event.durationMs }, event.isError);
        break;
      case "queue_update":
        this.layout.pending.show(event.steering, event.followUp, this.settings.dequeueKey);
        break;
      default:
        this.handleOther(event as { type: string } & Record<string, unknown>);
    }
    this.tui.requestRender();
  }

  /** the messages held for after a compaction, drawn after the session's queue */
  showHeld(steering: readonly string[], followUp: readonly string[]): void {
    this.layout.pending.showHeld(steering, followUp, this.settings.dequeueKey);
    this.tui.requestRender();
  }

  /** a session's earlier messages and custom entries, drawn as they were (resume, continue, reload, /tree) */
  showHistory(items: readonly HistoryItem[]): void {
    for (const item of items) {
      if ("usage" in item) {
        this.addCacheWarm(item.usage);
        continue;
      }
      if ("billed" in item) {
        if (this.settings.cacheNotices) this.notify("cost", billedText(item.billed.kind, item.billed.usage));
        continue;
      }
      if ("cacheMiss" in item) {
        this.addCacheMiss(item.cacheMiss);
        continue;
      }
      if ("entry" in item) {
        this.addEntry(item.entry);
        continue;
      }
      const { message, ...place } = item;
      if (message.role === "assistant") {
        this.startReply(message, place);
        this.endReply(message);
      } else if (message.role === "toolResult") {
        this.rows.get(message.toolCallId)?.finish(message, message.isError);
      } else this.addMessage(message, place);
    }
    this.tui.requestRender();
  }

  notify(kind: NoticeKind, message: string): void {
    const chat = this.layout.chat;
    const last = chat.children.at(-1);
    // a burst of statuses collapses into the latest one
    if (kind === "status" && last instanceof Notice && last.kind === "status") chat.removeChild(last);
    chat.addChild(padded(new Notice(kind, message, this.theme), this.settings.outputPad));
    this.tui.requestRender();
  }

  /** a report that paints itself when drawn (`/session`), after a blank line, so a theme change repaints it */
  addReport(paint: () => string): void {
    this.layout.chat.addChild(padded(new PaintedText(() => `\n${paint()}`, OUTPUT_PAD, 0), this.settings.outputPad));
    this.tui.requestRender();
  }

  /** a component of the mode's own at the end of the chat (a running `!cmd`) until the returned function removes it */
  addItem(component: Component): () => void {
    this.layout.chat.addChild(padded(component, this.settings.outputPad));
    this.tui.requestRender();
    return () => {
      this.layout.chat.removeChild(component);
      this.tui.requestRender();
    };
  }

  setToolsExpanded(expanded: boolean): void {
    this.settings.toolsExpanded = expanded;
    for (const row of this.rows.values()) row.setExpanded(expanded);
    for (const item of this.expandable) item.setExpanded?.(expanded);
    this.tui.requestRender();
  }

  /** pi's outputPad change: every item of the chat that has padding takes the new one */
  setOutputPad(padding: number): void {
    if (this.settings.outputPad === padding) return;
    this.settings.outputPad = padding;
    for (const item of this.layout.chat.children as Padded[]) item.setOutputPad?.(padding);
    this.tui.requestRender();
  }

  setHideThinking(hide: boolean): void {
    this.settings.hideThinking = hide;
    for (const reply of this.replies) reply.refreshThinking();
    this.tui.requestRender();
  }

  setHiddenThinkingLabel(label: string): void {
    this.settings.hiddenThinkingLabel = label;
    for (const reply of this.replies) reply.refreshHiddenLabel();
    this.tui.requestRender();
  }

  setWorkingMessage(message: string | undefined): void {
    this.settings.workingMessage = message ?? "Working";
    this.status.setMessage(this.settings.workingMessage);
  }

  setWorkingIndicator(indicator: LoaderIndicatorOptions | undefined): void {
    this.status.setIndicator(indicator);
  }

  setWorkingVisible(visible: boolean): void {
    this.settings.workingVisible = visible;
    if (!visible) this.hideLoader();
    else if (this.working) this.showLoader(this.settings.workingMessage);
  }

  clear(): void {
    this.layout.chat.clear();
    this.rows.clear();
    this.replies.length = 0;
    this.expandable.length = 0;
    this.reply = undefined;
    this.tui.requestRender();
  }

  dispose(): void {
    this.stopCountdown();
    this.hideLoader();
  }

  private handleOther(event: { type: string } & Record<string, unknown>): void {
    switch (event.type) {
      case "entry_appended": {
        const entry = event.entry as { type: string };
        if (entry.type === "custom") this.addEntry(entry as CustomEntryData);
        else if (isCacheWarm(entry)) this.addCacheWarm(entry);
        break;
      }
      case "auto_retry_start":
        this.retryAttempt = Number(event.attempt);
        this.countDown(Number(event.attempt), Number(event.maxAttempts), Number(event.delayMs ?? 0));
        break;
      case "auto_retry_end":
        this.stopCountdown();
        if (event.success !== true) this.notify("error", `Retry failed after ${String(event.attempt)} attempts: ${String(event.finalError || "Unknown error")}`);
        this.retryAttempt = 0;
        if (this.working) this.showLoader(this.settings.workingMessage);
        else this.hideLoader();
        break;
      case "compaction_start":
        this.showLoader(this.compactionLabel(event.reason));
        break;
      case "summarization_retry_scheduled":
        // as pi: the failure is shown, then the wait; the summary's own loader comes back with the attempt
        this.notify("error", String(event.errorMessage));
        this.countDown(Number(event.attempt), Number(event.maxAttempts), Number(event.delayMs ?? 0));
        break;
      case "summarization_retry_attempt_start":
        this.stopCountdown();
        if (event.source === "branchSummary") this.showLoader(`Summarizing branch... (${this.settings.interruptKey} to cancel)`, "plain");
        else this.showLoader(this.compactionLabel(event.reason));
        break;
      case "compaction_end":
        this.stopCountdown();
        // pi: a cancelled /compact is an error, a cancelled automatic one a status line
        if (event.aborted === true) this.notify(event.reason === "manual" ? "error" : "status", event.reason === "manual" ? "Compaction cancelled" : "Auto-compaction cancelled");
        else if (typeof event.errorMessage === "string") this.notify("error", event.errorMessage);
        if (this.working) this.showLoader(this.settings.workingMessage);
        else this.hideLoader();
        break;
    }
  }

  private compactionLabel(reason: unknown): string {
    const cancel = `(${this.settings.interruptKey} to cancel)`;
    if (reason === "manual") return `Compacting context... ${cancel}`;
    return `${reason === "overflow" ? "Context overflow detected, " : ""}Auto-compacting... ${cancel}`;
  }

  /** the wait before retry `attempt`, counted down each second */
  private countDown(attempt: number, maxAttempts: number, delayMs: number): void {
    this.stopCountdown();
    this.countdown = new Countdown(delayMs, (seconds) => {
      this.showLoader(`Retrying (${attempt}/${maxAttempts}) in ${seconds}s... (${this.settings.interruptKey} to cancel)`, "warning");
      this.tui.requestRender();
    });
  }

  private stopCountdown(): void {
    this.countdown?.stop();
    this.countdown = undefined;
  }

  private itemContext(): ItemContext {
    const extensions = this.renderers.extensions();
    return {
      theme: this.theme,
      expanded: this.settings.toolsExpanded,
      expandKey: this.settings.expandKey,
      extensions,
      hints: this.renderers.hints,
      transformers: extensions?.markdownTransformers() ?? [],
      images: this.settings.images,
    };
  }

  private addMessage(message: AgentMessage, place?: EntryPlace): void {
    const item = chatItemFor(message, this.itemContext(), place);
    if (!item) return;
    const role = (message as { role: string }).role;
    // pi's spacing: a blank line above a summary, and above what the user sent unless it opens the chat
    if (role === "compactionSummary" || role === "branchSummary" || (role === "user" && this.layout.chat.children.length > 0)) this.layout.chat.addChild(new Spacer(1));
    this.addExpandable(item);
  }

  /** the notice of a reply that paid for a cache miss worth telling */
  private addCacheMiss(miss: CacheMiss | undefined): void {
    const text = miss && cacheMissText(miss);
    if (this.settings.cacheNotices && text) this.notify("cost", text);
  }

  /** a cache refresh, when notices are on; refreshes one after the other add up on one line, as in pi */
  private addCacheWarm(entry: CacheWarmEntry): void {
    if (!this.settings.cacheNotices) return;
    const chat = this.layout.chat;
    const last = this.cacheWarmNotice;
    if (last && chat.children.at(-1) === last.item && last.note === entry.note) {
      last.total += entry.usage.cost.total;
      last.item.setMessage(cacheWarmedText(last.total, entry.note));
    } else {
      const item = padded(new Notice("status", cacheWarmedText(entry.usage.cost.total, entry.note), this.theme), this.settings.outputPad);
      this.cacheWarmNotice = { item, total: entry.usage.cost.total, note: entry.note };
      chat.addChild(item);
    }
    this.tui.requestRender();
  }

  /** a custom entry its extension draws; one that arrives while a reply streams goes above the reply, as in pi */
  private addEntry(entry: CustomEntryData): void {
    const item = entryItemFor(entry, this.itemContext());
    if (!item) return;
    const at = this.reply ? this.layout.chat.children.indexOf(this.reply) : -1;
    this.addExpandable(item, at);
  }

  /** an item of the mode's own that ctrl+o expands and collapses with the rest (the start-up listing) */
  addExpandableItem(item: ChatItem): void {
    this.addExpandable(item);
    this.tui.requestRender();
  }

  private addExpandable(item: ChatItem, at = -1): void {
    if (item.setExpanded) this.expandable.push(item);
    padded(item as Padded, this.settings.outputPad);
    if (at < 0) this.layout.chat.addChild(item);
    else this.layout.chat.children.splice(at, 0, item);
  }

  private startReply(message: AssistantMessageData, place: EntryPlace = {}): void {
    this.reply = new AssistantMessage(message, this.theme, this.settings, { transformers: this.renderers.extensions()?.markdownTransformers() ?? [], ...place });
    this.replies.push(this.reply);
    this.layout.chat.addChild(padded(this.reply, this.settings.outputPad));
    this.addToolRows(message);
  }

  private updateReply(message: AssistantMessageData): void {
    if (!this.reply) this.startReply(message);
    this.reply!.update(message);
    this.addToolRows(message);
  }

  private endReply(message: AssistantMessageData): void {
    const aborted = this.retryAttempt > 0 ? `Aborted after ${this.retryAttempt} retry attempt${this.retryAttempt > 1 ? "s" : ""}` : "Operation aborted";
    this.updateReply(message.stopReason === "aborted" && this.retryAttempt > 0 ? { ...message, errorMessage: aborted } : message);
    this.reply!.end();
    if (message.stopReason === "aborted" || message.stopReason === "error") {
      const reason = message.stopReason === "aborted" ? aborted : (message.errorMessage ?? "Error");
      for (const block of message.content) if (block.type === "toolCall") this.rows.get(block.id)?.cancel(reason);
    } else {
      // the calls' arguments are complete: a row that previews them (an edit's diff) starts on it before they run
      for (const block of message.content) if (block.type === "toolCall") this.rows.get(block.id)?.setArgsComplete?.();
    }
    this.reply = undefined;
  }

  private addToolRows(message: AssistantMessageData): void {
    for (const block of message.content) {
      if (block.type !== "toolCall") continue;
      this.row(block.id, block.name).setArgs(block.arguments);
    }
  }

  private row(toolCallId: string, toolName: string): ToolCallRow {
    let row = this.rows.get(toolCallId);
    if (!row) {
      const rendering = this.renderers.extensions()?.toolRendering(toolName);
      const parts = { tui: this.tui, theme: this.theme, hints: this.renderers.hints, cwd: this.renderers.cwd(), images: this.settings.images };
      row = rendering
        ? new RenderedToolRow(toolCallId, toolName, rendering, parts, this.settings.toolsExpanded)
        : new ToolRow(toolCallId, toolName, {
            theme: this.theme,
            expanded: this.settings.toolsExpanded,
            expandKey: this.settings.expandKey,
            images: this.settings.images,
            cwd: parts.cwd,
            renderer: rendererFor(toolName, this.renderers.registeredTool(toolName)),
            requestRender: () => this.tui.requestRender(),
          });
      this.rows.set(toolCallId, row);
      this.layout.chat.addChild(padded(row, this.settings.outputPad));
    }
    return row;
  }

  private showLoader(message: string, spinner: StatusColours = "accent"): void {
    if (this.settings.workingVisible) this.status.show(message, spinner);
  }

  private hideLoader(): void {
    this.status.hide();
  }
}

type CacheWarmEntry = Pick<UsageEntry, "kind" | "usage" | "note">;

function isCacheWarm(entry: { type: string; kind?: unknown }): entry is UsageEntry {
  return entry.type === "usage" && entry.kind === "cache_warm";
}
