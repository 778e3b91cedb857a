// pi's chat message components as extensions construct them (`new UserMessageComponent(text)`, ...), in a process
// that runs pith's terminal UI: pith's own chat components behind pi 1.6.0's constructors and methods, painted with
// the UI's theme, so an extension that shows one (custom(), a widget, a renderer's result) gets what the chat draws.
import { Container, getKeybindings, type MarkdownTheme, type TUI } from "@earendil-works/pi-tui";
import type { AssistantMessage as AssistantMessageData } from "../../../../kernel/index.js";
import { AssistantMessage } from "../../../interactive/components/assistant-message.js";
import { RunningBash } from "../../../interactive/components/running-bash.js";
import { SkillMessage, type SkillBlock } from "../../../interactive/components/skill-message.js";
import { SummaryMessage } from "../../../interactive/components/summary-message.js";
import { UserMessage } from "../../../interactive/components/user-message.js";
import { bashItem, messageText } from "../../../interactive/chat/chat-items.js";
import { CustomMessage, type CustomMessageData } from "../../../interactive/extensions/custom-message.js";
import { keyHints } from "../../../interactive/extensions/key-hints.js";
import { padded, type Padded } from "../../../interactive/extensions/output-pad.js";
import { markdownTransform } from "../../../interactive/extensions/markdown-transform.js";
import type { ExtensionRenderFunction, MarkdownSurface, MarkdownTransformer } from "../../service/terminal-parts.js";
import { interactiveTheme, keyText } from "./terminal-theme.js";

const expandKey = () => keyText("app.tools.expand");
const hints = () => keyHints(getKeybindings(), interactiveTheme);
const transformOf = (surface: MarkdownSurface, transformers: readonly MarkdownTransformer[], messageId?: string, timestamp?: string) =>
  markdownTransform(transformers, { surface, ...(messageId !== undefined ? { messageId } : {}), ...(timestamp !== undefined ? { timestamp } : {}) });

/** pi's `UserMessageComponent(text, markdownTheme?, outputPad?, markdownTransformers?, messageId?, timestamp?)` */
export class UserMessageComponent extends Container {
  constructor(
    private readonly text: string,
    _markdownTheme?: MarkdownTheme,
    private outputPad = 1,
    private readonly transformers: readonly MarkdownTransformer[] = [],
    private readonly messageId?: string,
    private readonly timestamp?: string,
  ) {
    super();
    this.rebuild();
  }

  setOutputPad(padding: number): void {
    this.outputPad = padding;
    this.rebuild();
  }

  private rebuild(): void {
    this.clear();
    this.addChild(new UserMessage(this.text, interactiveTheme(), transformOf("user", this.transformers, this.messageId, this.timestamp), this.outputPad));
  }
}

const EMPTY_REPLY = { role: "assistant", content: [], stopReason: "stop" } as unknown as AssistantMessageData;

/** pi's `AssistantMessageComponent(message?, hideThinkingBlock?, markdownTheme?, hiddenThinkingLabel?, outputPad?, markdownTransformers?, messageId?, timestamp?)` */
export class AssistantMessageComponent extends AssistantMessage {
  private readonly shown: { hideThinking: boolean; hiddenThinkingLabel: string };

  constructor(message?: AssistantMessageData, hideThinkingBlock = false, _markdownTheme?: MarkdownTheme, hiddenThinkingLabel = "Thinking...", outputPad = 1, transformers: readonly MarkdownTransformer[] = [], messageId?: string, timestamp?: string) {
    const shown = { hideThinking: hideThinkingBlock, hiddenThinkingLabel };
    super(message ?? EMPTY_REPLY, interactiveTheme(), shown, { transformers, ...(messageId !== undefined ? { messageId } : {}), ...(timestamp !== undefined ? { timestamp } : {}) });
    this.shown = shown;
    this.setOutputPad(outputPad);
    if (message) this.end();
  }

  /** the reply as it is now; `isStreaming` false (the default) draws it as finished */
  updateContent(message: AssistantMessageData, isStreaming = false): void {
    this.update(message);
    if (!isStreaming) this.end();
  }

  setHideThinkingBlock(hide: boolean): void {
    this.shown.hideThinking = hide;
    this.refreshThinking();
  }

  setHiddenThinkingLabel(label: string): void {
    this.shown.hiddenThinkingLabel = label;
    this.refreshHiddenLabel();
  }

}

/** pi's `CustomMessageComponent(message, customRenderer?, markdownTheme?, outputPad?, markdownTransformers?, messageId?, timestamp?)` */
export class CustomMessageComponent extends CustomMessage {
  constructor(message: CustomMessageData, customRenderer?: ExtensionRenderFunction, _markdownTheme?: MarkdownTheme, outputPad = 1, transformers: readonly MarkdownTransformer[] = [], messageId?: string, timestamp?: string) {
    super(message, messageText(message.content), customRenderer, interactiveTheme(), hints(), false, transformOf("custom", transformers, messageId, timestamp));
    this.setOutputPad(outputPad);
  }
}

interface SummaryData {
  summary: string;
  tokensBefore?: number;
}

/** pi's `BranchSummaryMessageComponent(message, markdownTheme?, outputPad?, markdownTransformers?, messageId?, timestamp?)`: collapsed until setExpanded(true) */
export class BranchSummaryMessageComponent extends SummaryMessage {
  constructor(message: SummaryData, _markdownTheme?: MarkdownTheme, outputPad = 1, transformers: readonly MarkdownTransformer[] = [], messageId?: string, timestamp?: string) {
    super("branch", "Branch summary", expandKey(), "Branch Summary", message.summary, interactiveTheme(), false, transformOf("summary", transformers, messageId, timestamp));
    this.setOutputPad(outputPad);
  }
}

/** pi's `CompactionSummaryMessageComponent(message, ...)`: the tokens it was compacted from, the summary when expanded */
export class CompactionSummaryMessageComponent extends SummaryMessage {
  constructor(message: SummaryData, _markdownTheme?: MarkdownTheme, outputPad = 1, transformers: readonly MarkdownTransformer[] = [], messageId?: string, timestamp?: string) {
    const tokens = (message.tokensBefore ?? 0).toLocaleString("en-US");
    super("compaction", `Compacted from ${tokens} tokens`, expandKey(), `Compacted from ${tokens} tokens`, message.summary, interactiveTheme(), false, transformOf("summary", transformers, messageId, timestamp));
    this.setOutputPad(outputPad);
  }
}

/** pi's `SkillInvocationMessageComponent(skillBlock, markdownTheme?, outputPad?, ...)`: `[skill] name`, the skill's text when expanded */
export class SkillInvocationMessageComponent extends SkillMessage {
  constructor(skillBlock: SkillBlock, _markdownTheme?: MarkdownTheme, outputPad = 1) {
    super(skillBlock, interactiveTheme(), expandKey(), false);
    this.setOutputPad(outputPad);
  }
}

/** pi's `BashExecutionComponent(command, ui, excludeFromContext?, outputPad?)`: output as it arrives, then how it ended */
export class BashExecutionComponent extends Container {
  private output = "";
  private readonly running: RunningBash;
  private outcome: { exitCode: number | undefined; cancelled: boolean; fullOutputPath?: string } | undefined;
  private expanded = false;

  constructor(
    private readonly command: string,
    private readonly ui: TUI | undefined,
    private readonly excludeFromContext = false,
    private outputPad = 1,
  ) {
    super();
    this.running = new RunningBash(command, excludeFromContext, interactiveTheme(), keyText("app.interrupt"));
    this.running.setOutputPad(outputPad);
    this.addChild(this.running);
  }

  appendOutput(chunk: string): void {
    this.output += chunk;
    if (!this.outcome) this.running.append(chunk);
    this.ui?.requestRender();
  }

  setComplete(exitCode: number | undefined, cancelled: boolean, _truncation?: unknown, fullOutputPath?: string): void {
    this.outcome = { exitCode, cancelled, ...(fullOutputPath !== undefined ? { fullOutputPath } : {}) };
    this.redraw();
  }

  setExpanded(expanded: boolean): void {
    this.expanded = expanded;
    if (this.outcome) this.redraw();
  }

  setOutputPad(padding: number): void {
    this.outputPad = padding;
    for (const part of this.children as Padded[]) part.setOutputPad?.(padding);
    this.ui?.requestRender();
  }

  getOutput(): string {
    return this.output;
  }

  getCommand(): string {
    return this.command;
  }

  private redraw(): void {
    this.clear();
    const record = { command: this.command, output: this.output, excludeFromContext: this.excludeFromContext, ...this.outcome! };
    this.addChild(padded(bashItem(record, { theme: interactiveTheme(), expanded: this.expanded, expandKey: expandKey() }) as Padded, this.outputPad));
    this.ui?.requestRender();
  }
}
