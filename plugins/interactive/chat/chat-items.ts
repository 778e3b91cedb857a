// The chat item for a finished message that is not a model reply: what the user sent, summaries, custom
// messages, the user's own shell commands. Used for live events and for a session's earlier messages alike.
import { Container, Spacer, type Component } from "@earendil-works/pi-tui";
import type { AgentMessage } from "../../../kernel/index.js";
import type { ExtensionTerminalParts, MarkdownSurface, MarkdownTransformer } from "../../extensions/service/terminal-parts.js";
import { CustomEntry, type CustomEntryData } from "../extensions/custom-entry.js";
import { CustomMessage, type CustomMessageData } from "../extensions/custom-message.js";
import type { KeyHints } from "../extensions/key-hints.js";
import { markdownTransform, type MarkdownTransform } from "../extensions/markdown-transform.js";
import { PaddedText, type Padded } from "../extensions/output-pad.js";
import { ChatImages, imageBlocks, type ImageDisplay } from "../components/chat-images.js";
import { SkillMessage, parseSkillBlock } from "../components/skill-message.js";
import { SummaryMessage } from "../components/summary-message.js";
import { UserMessage } from "../components/user-message.js";
import type { Theme } from "../theme/theme.js";

export interface ItemContext {
  theme: Theme;
  expanded: boolean;
  expandKey: string;
  /** the loaded extensions' renderers, when there are extensions */
  extensions: ExtensionTerminalParts | undefined;
  hints: KeyHints;
  /** the extensions' markdown transformers, in load order */
  transformers: readonly MarkdownTransformer[];
  images: ImageDisplay;
}

/** the session entry a message was read from (history), for markdown transformers */
export interface EntryPlace {
  messageId?: string;
  timestamp?: string;
}

/** An expandable item keeps its own state; the controller calls setExpanded on every item that has it. */
export type ChatItem = Component & { setExpanded?(expanded: boolean): void };

export function messageText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: { type?: string; text?: string; mimeType?: string }) => (block.type === "text" ? (block.text ?? "") : block.type === "image" ? `[Image: ${block.mimeType ?? "image"}]` : ""))
    .filter((text) => text !== "")
    .join("\n");
}

export function chatItemFor(message: AgentMessage, context: ItemContext, place: EntryPlace = {}): ChatItem | undefined {
  const { theme, expanded, expandKey } = context;
  const transform = (surface: MarkdownSurface) => markdownTransform(context.transformers, { surface, ...place });
  const role = (message as { role: string }).role;
  switch (role) {
    case "user":
      return userItem((message as { content: unknown }).content, context, transform("user"));
    case "compactionSummary": {
      const { summary, tokensBefore } = message as { summary: string; tokensBefore: number };
      const tokens = tokensBefore.toLocaleString("en-US");
      return new SummaryMessage("compaction", `Compacted from ${tokens} tokens`, expandKey, `Compacted from ${tokens} tokens`, summary, theme, expanded, transform("summary"));
    }
    case "branchSummary":
      return new SummaryMessage("branch", "Branch summary", expandKey, "Branch Summary", (message as { summary: string }).summary, theme, expanded, transform("summary"));
    case "custom": {
      const custom = message as CustomMessageData & { display: boolean };
      if (!custom.display) return undefined;
      const renderer = context.extensions?.messageRenderer(custom.customType);
      return new CustomMessage(custom, messageText(custom.content), renderer, theme, context.hints, expanded, transform("custom"));
    }
    case "bashExecution":
      return bashItem(message as unknown as BashRecord, context);
    default:
      return undefined;
  }
}

/** a custom entry drawn by its extension's entry renderer; none when no renderer draws it */
export function entryItemFor(entry: CustomEntryData, context: ItemContext): ChatItem | undefined {
  const renderer = context.extensions?.entryRenderer(entry.customType);
  if (!renderer) return undefined;
  const item = new CustomEntry(entry, renderer, context.theme, context.hints, context.expanded);
  return item.hasContent() ? item : undefined;
}

/** what the user sent: a `/skill:name` box first when it was one, the text, then the attached images */
function userItem(content: unknown, { theme, expanded, expandKey, images }: ItemContext, transform: MarkdownTransform | undefined): ChatItem {
  const text = typeof content === "string" ? content : messageText(Array.isArray(content) ? content.filter((block: { type?: string }) => block?.type === "text") : content);
  const attached = imageBlocks(content);
  const skill = parseSkillBlock(text);
  const parts: Component[] = [];
  let box: SkillMessage | undefined;
  if (skill) {
    box = new SkillMessage(skill, theme, expandKey, expanded);
    parts.push(box);
    if (skill.userMessage) parts.push(new Spacer(1), new UserMessage(skill.userMessage, theme, transform));
  } else if (text !== "" || attached.length === 0) parts.push(new UserMessage(text, theme, transform));
  if (attached.length > 0) parts.push(new ChatImages(attached, theme, images, "userMessageText"));
  if (parts.length === 1 && !box) return parts[0] as ChatItem;
  const item: ChatItem & Padded = new Container();
  for (const part of parts) (item as Container).addChild(part);
  if (box) item.setExpanded = (value) => box.setExpanded(value);
  item.setOutputPad = (padding) => parts.forEach((part) => (part as Padded).setOutputPad?.(padding));
  return item;
}

export interface BashRecord {
  command: string;
  output: string;
  exitCode: number | undefined;
  cancelled: boolean;
  excludeFromContext?: boolean;
  fullOutputPath?: string;
}

/** a `!command` that ran: its command, output (the last 20 lines unless expanded) and how it ended */
export function bashItem(record: BashRecord, { theme, expanded, expandKey }: Pick<ItemContext, "theme" | "expanded" | "expandKey">): ChatItem {
  const colour = record.excludeFromContext ? "dim" : "bashMode";
  const lines = record.output.replace(/\n+$/, "").split("\n");
  const shown = expanded || lines.length <= 20 ? lines : lines.slice(-20);
  const parts = [theme.bold(theme.fg(colour, `$ ${record.command}`))];
  if (shown.length < lines.length) parts.push(theme.fg("dim", `... ${lines.length - shown.length} more lines (${expandKey} to expand)`));
  if (record.output !== "") parts.push(...shown.map((line) => theme.fg("toolOutput", line)));
  if (record.cancelled) parts.push(theme.fg("warning", "(cancelled)"));
  else if (record.exitCode !== undefined && record.exitCode !== 0) parts.push(theme.fg("error", `(exit ${record.exitCode})`));
  if (record.fullOutputPath) parts.push(theme.fg("dim", `Output truncated. Full output: ${record.fullOutputPath}`));
  return new PaddedText(`\n${parts.join("\n")}`);
}
