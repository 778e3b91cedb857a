// The branch as HTML, entry by entry. A reply that called tools waits until their results have come, so each call
// is shown with its result; nothing else is kept between entries.
import { escapeHtml } from "./escape.js";
import { blocksOf, foldedPre, imagesHtml, numberField, stringField, textOf, timeHtml, count } from "./blocks.js";
import { renderMarkdown } from "./markdown.js";
import { toolHtml, type ToolCallView } from "./render-tool.js";
import { UsageTotals, usageLine } from "./usage.js";
import { isRecord, type RawEntry } from "../branch-source.js";

interface WaitingReply {
  entry: RawEntry;
  message: RawEntry;
  calls: ToolCallView[];
  results: Map<string, RawEntry>;
  /** the result entries shown inside the reply, for the tree's links to them */
  resultIds: unknown[];
}

export class ConversationRenderer {
  readonly totals = new UsageTotals();
  private waiting: WaitingReply | undefined;

  /** HTML for everything that can be shown once `entry` is known ("" while a reply waits for its tool results) */
  add(entry: RawEntry): string {
    const message = entry.type === "message" && isRecord(entry.message) ? entry.message : undefined;
    if (message?.role === "toolResult" && this.waiting) {
      const id = stringField(message, "toolCallId");
      if (id !== undefined && this.waiting.calls.some((call) => call.id === id) && !this.waiting.results.has(id)) {
        this.waiting.results.set(id, message);
        this.waiting.resultIds.push(entry.id);
        return this.waiting.results.size === this.waiting.calls.length ? this.flush() : "";
      }
    }
    return this.flush() + this.entryHtml(entry, message);
  }

  /** what is still waiting, at the end of the branch */
  flush(): string {
    const waiting = this.waiting;
    if (!waiting) return "";
    this.waiting = undefined;
    const anchors = waiting.resultIds.map((id) => `<span class="anchor" id="${entryAnchor({ id })}"></span>`).join("");
    return this.replyHtml(waiting.entry, waiting.message, waiting.results, anchors);
  }

  private entryHtml(entry: RawEntry, message: RawEntry | undefined): string {
    if (message) return this.messageHtml(entry, message);
    switch (entry.type) {
      case "compaction":
        this.totals.add(entry.usage);
        return summaryHtml("compaction", `Compacted: ${count(numberField(entry, "tokensBefore"))} tokens summarised`, entry);
      case "branch_summary":
        this.totals.add(entry.usage);
        return summaryHtml("branch-summary", "Summary of the branch left behind", entry);
      case "model_change":
        return notice("model-change", `Model: ${stringField(entry, "provider") ?? "?"}/${stringField(entry, "modelId") ?? "?"}`, entry);
      case "thinking_level_change":
        return notice("thinking-change", `Thinking level: ${stringField(entry, "thinkingLevel") ?? "?"}`, entry);
      case "custom_message":
        return entry.display === true ? customHtml(entry, stringField(entry, "customType") ?? "custom", entry.content) : "";
      case "usage":
        this.totals.add(entry.usage);
        return "";
      default:
        return "";
    }
  }

  private messageHtml(entry: RawEntry, message: RawEntry): string {
    switch (message.role) {
      case "user":
        this.totals.userMessages++;
        return article("user", "You", entry, message, markdownOf(textOf(message.content)) + imagesHtml(message.content));
      case "assistant": {
        this.totals.replies++;
        this.totals.add(message.usage);
        const calls = blocksOf(message.content)
          .filter((block) => block.type === "toolCall" && typeof block.id === "string")
          .map((block) => ({ id: block.id as string, name: stringField(block, "name") ?? "tool", arguments: block.arguments }));
        this.totals.toolCalls += calls.length;
        if (calls.length === 0) return this.replyHtml(entry, message, new Map());
        this.waiting = { entry, message, calls, results: new Map(), resultIds: [] };
        return "";
      }
      case "toolResult":
        return `<div class="orphan-result" id="${entryAnchor(entry)}">${toolHtml(undefined, message)}</div>`;
      case "bashExecution":
        return bashHtml(entry, message);
      case "custom":
        return message.display === false ? "" : customHtml(entry, stringField(message, "customType") ?? "custom", message.content);
      case "system":
        return systemMessageHtml(message);
      case "compactionSummary":
      case "branchSummary":
        return summaryHtml("compaction", "Summary", { ...message, id: entry.id });
      default:
        return article("other", String(message.role ?? "message"), entry, message, foldedPre(textOf(message.content)));
    }
  }

  private replyHtml(entry: RawEntry, message: RawEntry, results: Map<string, RawEntry>, resultAnchors = ""): string {
    const parts = blocksOf(message.content).map((block) => {
      if (block.type === "text" && typeof block.text === "string") return markdownOf(block.text);
      if (block.type === "thinking") {
        const text = typeof block.thinking === "string" ? block.thinking : "";
        if (block.redacted === true || !text.trim()) return `<p class="thinking note">Thinking (not shown by the provider)</p>`;
        return `<details class="thinking" open><summary>Thinking</summary>${markdownOf(text)}</details>`;
      }
      if (block.type === "toolCall" && typeof block.id === "string") {
        const call = { id: block.id, name: stringField(block, "name") ?? "tool", arguments: block.arguments };
        return toolHtml(call, results.get(block.id));
      }
      return "";
    });
    const stop = stringField(message, "stopReason");
    const problem = stringField(message, "errorMessage");
    if (stop === "error") parts.push(`<p class="error">${escapeHtml(problem ?? "The request failed.")}</p>`);
    if (stop === "aborted") parts.push(`<p class="error">${escapeHtml(problem ?? "Aborted.")}</p>`);
    const usage = usageLine(message.usage);
    if (usage) parts.push(`<footer class="usage">${escapeHtml(usage)}</footer>`);
    const model = stringField(message, "model");
    return article("assistant", model ? `Assistant · ${model}` : "Assistant", entry, message, parts.join("") + resultAnchors);
  }
}

function entryAnchor(entry: RawEntry): string {
  return `entry-${escapeHtml(String(entry.id ?? ""))}`;
}

function article(kind: string, title: string, entry: RawEntry, message: RawEntry, body: string): string {
  return (
    `<article class="message ${kind}" id="${entryAnchor(entry)}"><header><span class="role">${escapeHtml(title)}</span>` +
    `${timeHtml(message.timestamp ?? entry.timestamp)}</header><div class="body">${body}</div></article>`
  );
}

function markdownOf(text: string): string {
  return text.trim() ? `<div class="markdown">${renderMarkdown(text)}</div>` : "";
}

function notice(kind: string, text: string, entry: RawEntry): string {
  return `<p class="notice ${kind}" id="${entryAnchor(entry)}">${escapeHtml(text)} ${timeHtml(entry.timestamp)}</p>`;
}

function summaryHtml(kind: string, title: string, entry: RawEntry): string {
  const summary = stringField(entry, "summary") ?? "";
  return `<details class="summary ${kind}" id="${entryAnchor(entry)}"><summary>${escapeHtml(title)} ${timeHtml(entry.timestamp)}</summary>${markdownOf(summary)}</details>`;
}

function customHtml(entry: RawEntry, customType: string, content: unknown): string {
  return `<article class="message custom" id="${entryAnchor(entry)}"><header><span class="role">${escapeHtml(customType)}</span>${timeHtml(entry.timestamp)}</header><div class="body">${markdownOf(textOf(content))}${imagesHtml(content)}</div></article>`;
}

function bashHtml(entry: RawEntry, message: RawEntry): string {
  const command = stringField(message, "command") ?? "";
  const output = stringField(message, "output") ?? "";
  const exit = typeof message.exitCode === "number" ? `exit ${message.exitCode}` : message.cancelled === true ? "cancelled" : "";
  const notes = [exit, message.truncated === true ? "output truncated" : "", message.excludeFromContext === true ? "not sent to the model" : ""].filter(Boolean);
  return article(
    "bash",
    "You ran",
    entry,
    message,
    `${foldedPre(`$ ${command}`, "command")}${output ? foldedPre(output) : ""}${notes.length ? `<p class="note">${escapeHtml(notes.join(" · "))}</p>` : ""}`,
  );
}

/** A system message of pi 1.6.0: the prompt it declares (or the sections it changes) and the tools it adds. */
function systemMessageHtml(message: RawEntry): string {
  const sections = isRecord(message.sections) ? Object.entries(message.sections).filter(([, text]) => typeof text === "string") : [];
  const prompt = [textOf(message.content), ...sections.map(([, text]) => text as string)].filter(Boolean).join("\n\n");
  const tools = Array.isArray(message.toolsAdded) ? message.toolsAdded.filter(isRecord) : [];
  return `<details class="system-message"><summary>System prompt${tools.length ? ` and ${tools.length} tools` : ""}</summary>${prompt ? foldedPre(prompt, "prompt") : ""}${tools.map(toolDefinitionHtml).join("")}</details>`;
}

export function toolDefinitionHtml(tool: RawEntry): string {
  return (
    `<details class="tool-definition"><summary><span class="tool-name">${escapeHtml(stringField(tool, "name") ?? "?")}</span></summary>` +
    `<p>${escapeHtml(stringField(tool, "description") ?? "")}</p>${foldedPre(JSON.stringify(tool.parameters ?? {}, null, 2), "arguments")}</details>`
  );
}
