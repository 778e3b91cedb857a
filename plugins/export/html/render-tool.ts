// One tool call with its result: a line that says what was called and how it went, which opens to show the
// arguments (an edit as its diff, a write as its content) and the output, long output folded.
import { escapeHtml } from "./escape.js";
import { foldedPre, imagesHtml, stringField, textOf } from "./blocks.js";
import { isRecord, type RawEntry } from "../branch-source.js";

const GIST_CHARS = 120;

export interface ToolCallView {
  id: string;
  name: string;
  arguments: unknown;
}

/** `result`: the tool-result message, or undefined when none was recorded (the run stopped first). */
export function toolHtml(call: ToolCallView | undefined, result: RawEntry | undefined): string {
  const name = call?.name ?? stringField(result, "toolName") ?? "tool";
  const isError = result?.isError === true;
  const status = !result
    ? `<span class="tool-status pending">no result</span>`
    : isError
      ? `<span class="tool-status error">error</span>`
      : `<span class="tool-status ok">done</span>`;
  const summary = `<summary><span class="tool-name">${escapeHtml(name)}</span> <span class="tool-gist">${escapeHtml(gist(name, call?.arguments))}</span> ${status}</summary>`;
  const body = [call ? argumentsHtml(call, result) : "", result ? resultHtml(name, result) : ""].join("");
  return `<details class="tool${isError ? " failed" : ""}">${summary}<div class="tool-body">${body}</div></details>`;
}

function gist(name: string, args: unknown): string {
  if (!isRecord(args)) return "";
  const known = ["command", "path", "file_path", "pattern", "query", "url"].map((key) => stringField(args, key)).find((value) => value !== undefined);
  const text = known ?? JSON.stringify(args);
  const line = name === "bash" ? text.split("\n")[0]! : text.replace(/\s+/g, " ");
  return line.length > GIST_CHARS ? `${line.slice(0, GIST_CHARS)}…` : line;
}

function argumentsHtml(call: ToolCallView, result: RawEntry | undefined): string {
  const args = isRecord(call.arguments) ? call.arguments : {};
  if (call.name === "bash" && typeof args.command === "string") return foldedPre(`$ ${args.command}`, "command");
  if (call.name === "write" && typeof args.content === "string") {
    return `<p class="tool-path">${escapeHtml(stringField(args, "path") ?? "")}</p>${foldedPre(args.content, "file-content")}`;
  }
  if (call.name === "edit") {
    const diff = stringField(isRecord(result) ? result.details : undefined, "diff");
    if (diff) return `<p class="tool-path">${escapeHtml(stringField(args, "path") ?? "")}</p>${foldedPre(diff, "diff", diffRow)}`;
  }
  return foldedPre(JSON.stringify(call.arguments ?? {}, null, 2), "arguments");
}

function resultHtml(name: string, result: RawEntry): string {
  const text = textOf(result.content);
  // an edit's result says only that it worked; its diff is shown with the arguments
  const output = text && !(name === "edit" && result.isError !== true && stringField(result.details, "diff")) ? foldedPre(text) : "";
  return output + imagesHtml(result.content);
}

function diffRow(row: string): string {
  const kind = row.startsWith("+") ? "added" : row.startsWith("-") ? "removed" : "same";
  return `<span class="diff-${kind}">${escapeHtml(row)}</span>`;
}
