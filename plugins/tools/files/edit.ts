// edit: one or more exact (else whitespace/typography-tolerant) text replacements in one file.
import { constants } from "node:fs";
import { access, readFile, writeFile } from "node:fs/promises";
import * as z from "zod/mini";
import { PithError, type ToolDefinition } from "../../../kernel/index.js";
import { abortable, throwIfAborted } from "../abort.js";
import { acceptFilePathAlias } from "./argument-aliases.js";
import { defineArguments, described } from "../arguments.js";
import { applyReplacements, detectLineEnding, normalizeToLf, splitBom } from "./edit-apply.js";
import { errnoCode, fileError } from "./fs-errors.js";
import { renderLineDiff } from "./line-diff.js";
import { applyLineEndings, editedLineEndings, lineEndingsOf } from "./line-endings.js";
import { withFileMutationQueue } from "./mutation-queue.js";
import { resolveToCwd } from "../paths.js";

const replacementSchema = z.strictObject({
  oldText: described(
    z.string(),
    "Exact text to replace. It must occur once in the original file and must not overlap any other edits[].oldText of this call.",
  ),
  newText: described(z.string(), "Text that replaces oldText."),
});

const editSchema = z.strictObject({
  path: described(z.string(), "Path to the file to edit (relative or absolute)"),
  edits: described(
    z.array(replacementSchema).check(z.minLength(1, "edits must contain at least one {oldText, newText} replacement")),
    "One or more replacements, each matched against the original file (not after the earlier ones are applied). Do not overlap or nest them; merge changes that touch the same lines into one edit.",
  ),
});

export type EditArgs = z.output<typeof editSchema>;
export type EditDetails = { diff: string; firstChangedLine: number | undefined };

const editArguments = defineArguments("edit", editSchema);

export interface EditToolOptions {
  cwd: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Accepts the shapes older models and clients send (pi does the same): `edits` as a JSON string, and the
 * single-edit form `{path, oldText, newText}`, which becomes one more entry at the end of `edits`.
 */
export function prepareEditArguments(raw: unknown): unknown {
  const aliased = acceptFilePathAlias(raw);
  if (!isRecord(aliased)) return aliased;
  const args: Record<string, unknown> = { ...aliased };
  if (typeof args.edits === "string") {
    try {
      const parsed: unknown = JSON.parse(args.edits);
      if (Array.isArray(parsed)) args.edits = parsed;
    } catch {
      // left as a string: validation then tells the model edits must be an array
    }
  }
  if (typeof args.oldText !== "string" || typeof args.newText !== "string") return args;
  const { oldText, newText, ...rest } = args;
  const edits = Array.isArray(rest.edits) ? [...(rest.edits as unknown[])] : [];
  edits.push({ oldText, newText });
  return { ...rest, edits };
}

type TextEncoding = "utf-8" | "utf-16le";

/**
 * The file as text, or a refusal: editing text decoded from a binary file or another encoding would write
 * U+FFFD over every byte that did not decode, and report success.
 */
function decodeEditable(data: Buffer, displayPath: string): { encoding: TextEncoding; raw: string } {
  const encoding: TextEncoding = data[0] === 0xff && data[1] === 0xfe ? "utf-16le" : "utf-8";
  const notText = (what: string) =>
    new PithError(
      "TOOL_EDIT_NOT_TEXT",
      `Cannot edit ${displayPath}: ${what}. edit changes UTF-8 (or UTF-16 with a byte order mark) text files only; use write to replace the file whole, or bash for binary files.`,
    );
  if (encoding === "utf-8" && data.subarray(0, 8000).includes(0)) throw notText("it is a binary file");
  try {
    // TextDecoder drops the byte order mark; splitBom expects it, so it is put back.
    const text = new TextDecoder(encoding, { fatal: true }).decode(data);
    const hadBom = encoding === "utf-16le" || (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf);
    return { encoding, raw: hadBom ? `\uFEFF${text}` : text };
  } catch {
    throw notText(`it is not valid ${encoding === "utf-8" ? "UTF-8" : "UTF-16"} text`);
  }
}

async function ensureEditable(absolutePath: string, displayPath: string): Promise<void> {
  try {
    await access(absolutePath, constants.R_OK | constants.W_OK);
  } catch (error) {
    const code = errnoCode(error) ?? "UNKNOWN";
    throw new PithError("TOOL_EDIT_UNREADABLE", `Could not edit file: ${displayPath}. Error code: ${code}.`, {
      cause: error,
    });
  }
}

/** The file read and the replacements applied in memory: what edit writes, and the text the diff is made from. */
async function planEdit(absolutePath: string, path: string, edits: EditArgs["edits"]) {
  await ensureEditable(absolutePath, path);
  let data: Buffer;
  try {
    data = await readFile(absolutePath);
  } catch (error) {
    throw fileError(error, "edit", path);
  }
  const { encoding, raw } = decodeEditable(data, path);
  const { bom, text } = splitBom(raw);
  return { encoding, bom, text, ...applyReplacements(normalizeToLf(text), edits, path) };
}

export type EditPreview = EditDetails | { error: string };

/**
 * What an edit call would change, read from the file without writing it (a UI shows it while the call waits, as
 * pi 1.6.0 does): the diff the tool would report, or the message it would fail with; undefined for arguments that
 * do not make an edit yet.
 */
export async function previewEdit(cwd: string, rawArgs: unknown): Promise<EditPreview | undefined> {
  const checked = await editArguments.validate(prepareEditArguments(rawArgs));
  if (!checked.ok) return undefined;
  const { path, edits } = checked.value as EditArgs;
  try {
    const { before, after } = await planEdit(resolveToCwd(path, cwd), path, edits);
    return renderLineDiff(before, after);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export function createEditTool(options: EditToolOptions): ToolDefinition<EditArgs, EditDetails> {
  return {
    name: "edit",
    label: "edit",
    description:
      "Edit one file by exact text replacement. Every edits[].oldText must match a unique, non-overlapping region of the original file. Merge changes to the same block or nearby lines into one edit, and do not pad oldText with large unchanged regions to join distant changes.",
    promptSnippet: "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
    promptGuidelines: [
      "Use edit for precise changes: each edits[].oldText must match the file exactly.",
      "To change several places in one file, send one edit call with several entries in edits[] rather than several calls.",
      "Every edits[].oldText is matched against the original file, not the result of earlier entries; never overlap or nest entries, merge nearby changes into one.",
      "Keep each edits[].oldText as short as possible while still unique in the file.",
    ],
    get parameters() {
      return editArguments.parameters;
    },
    // as pi 1.6.0: a strict schema (validated calls) where the model supports one, Gemini 3 and later
    constrainedSampling: { type: "json_schema", strict: "prefer" },
    prepareArguments: prepareEditArguments,
    validate: editArguments.validate,
    async execute(rawArgs, context) {
      throwIfAborted(context.signal);
      const { path, edits } = await editArguments.parse(rawArgs);
      const absolutePath = resolveToCwd(path, options.cwd);
      const work = withFileMutationQueue(absolutePath, async () => {
        throwIfAborted(context.signal);
        const { encoding, bom, text, before, after, regions } = await planEdit(absolutePath, path, edits);
        const endings = editedLineEndings(before, regions, lineEndingsOf(text), detectLineEnding(text));
        throwIfAborted(context.signal);
        try {
          await writeFile(absolutePath, Buffer.from(bom + applyLineEndings(after, endings), encoding));
        } catch (error) {
          throw fileError(error, "edit", path);
        }
        return renderLineDiff(before, after);
      });
      const { diff, firstChangedLine } = await abortable(context.signal, work);
      return {
        content: [{ type: "text", text: `Successfully replaced ${edits.length} block(s) in ${path}.` }],
        details: { diff, firstChangedLine },
      };
    },
  };
}
