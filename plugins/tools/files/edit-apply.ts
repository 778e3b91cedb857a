// The text side of the edit tool: line endings, BOM, exact-then-fuzzy matching and applying several
// replacements against the original text.
import { PithError, type PithErrorCode } from "../../../kernel/index.js";
import type { LineEnding, ReplacedRegion } from "./line-endings.js";

export interface TextReplacement {
  oldText: string;
  newText: string;
}

/** CRLF when the first line break in the file is one: the ending for lines an edit adds to a one-line file. */
export function detectLineEnding(text: string): LineEnding {
  const firstLf = text.indexOf("\n");
  return firstLf > 0 && text[firstLf - 1] === "\r" ? "\r\n" : "\n";
}

export function normalizeToLf(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

export function splitBom(text: string): { bom: string; text: string } {
  return text.startsWith("\uFEFF") ? { bom: "\uFEFF", text: text.slice(1) } : { bom: "", text };
}

/**
 * The space fuzzy matching works in: compatibility forms folded (NFKC), trailing whitespace dropped,
 * typographic quotes, dashes and spaces made ASCII. Models often retype text in these variants.
 */
function normalizeForFuzzyMatch(text: string): string {
  return text
    .normalize("NFKC")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");
}

function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let index = haystack.indexOf(needle); index !== -1; index = haystack.indexOf(needle, index + needle.length)) {
    count++;
  }
  return count;
}

function editError(code: PithErrorCode, message: string): PithError {
  return new PithError(code, message);
}

interface Located {
  editIndex: number;
  start: number;
  end: number;
  newText: string;
}

/**
 * Applies every replacement to `original` (LF, no BOM). Each oldText is located in the ORIGINAL text, must
 * be non-empty and unique, and no two may overlap; they are then applied back to front. If any oldText
 * only matches fuzzily, the whole operation runs on the fuzzy-normalized text (as pi does), so the file is
 * rewritten in normalized form.
 */
export function applyReplacements(
  original: string,
  replacements: readonly TextReplacement[],
  displayPath: string,
): { before: string; after: string; regions: ReplacedRegion[] } {
  const single = replacements.length === 1;
  const edits = replacements.map((edit) => ({ oldText: normalizeToLf(edit.oldText), newText: normalizeToLf(edit.newText) }));
  edits.forEach((edit, index) => {
    if (edit.oldText.length === 0) {
      const which = single ? "oldText" : `edits[${index}].oldText`;
      throw editError("TOOL_EDIT_EMPTY", `${which} must not be empty in ${displayPath}.`);
    }
  });

  const needsFuzzy = edits.some((edit) => !original.includes(edit.oldText));
  const before = needsFuzzy ? normalizeForFuzzyMatch(original) : original;

  const located: Located[] = edits.map((edit, index) => {
    let needle = edit.oldText;
    let start = before.indexOf(needle);
    if (start === -1) {
      needle = normalizeForFuzzyMatch(edit.oldText);
      start = needle.length === 0 ? -1 : before.indexOf(needle);
    }
    if (start === -1) {
      throw editError(
        "TOOL_EDIT_NOT_FOUND",
        single
          ? `Could not find the exact text in ${displayPath}. The old text must match exactly including all whitespace and newlines.`
          : `Could not find edits[${index}] in ${displayPath}. The oldText must match exactly including all whitespace and newlines.`,
      );
    }
    // Counted with the needle that matched: an exact, unique oldText is not ambiguous just because a
    // typographic variant of it exists elsewhere (pi counts in fuzzy space and refuses such edits).
    const occurrences = countOccurrences(before, needle);
    if (occurrences > 1) {
      throw editError(
        "TOOL_EDIT_AMBIGUOUS",
        single
          ? `Found ${occurrences} occurrences of the text in ${displayPath}. The text must be unique. Please provide more context to make it unique.`
          : `Found ${occurrences} occurrences of edits[${index}] in ${displayPath}. Each oldText must be unique. Please provide more context to make it unique.`,
      );
    }
    return { editIndex: index, start, end: start + needle.length, newText: edit.newText };
  });

  const ordered = [...located].sort((a, b) => a.start - b.start);
  for (let index = 1; index < ordered.length; index++) {
    const previous = ordered[index - 1]!;
    const current = ordered[index]!;
    if (previous.end > current.start) {
      throw editError(
        "TOOL_EDIT_OVERLAP",
        `edits[${previous.editIndex}] and edits[${current.editIndex}] overlap in ${displayPath}. Merge them into one edit or target disjoint regions.`,
      );
    }
  }

  let after = before;
  for (let index = ordered.length - 1; index >= 0; index--) {
    const edit = ordered[index]!;
    after = after.slice(0, edit.start) + edit.newText + after.slice(edit.end);
  }
  if (after === before) {
    throw editError(
      "TOOL_EDIT_NO_CHANGE",
      single
        ? `No changes made to ${displayPath}. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.`
        : `No changes made to ${displayPath}. The replacements produced identical content.`,
    );
  }
  return { before, after, regions: ordered.map(({ start, end, newText }) => ({ start, end, newText })) };
}
