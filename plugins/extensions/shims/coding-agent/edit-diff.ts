// pi's `generateDiffString`: the edit tool's line-numbered diff of two whole texts, synchronous as pi's is. The
// lines are compared as pi compares them (the `diff` package's line diff, a line's ending part of the line); the
// rows are the ones pith's edit tool writes.
import { createRequire } from "node:module";
import { formatLineDiff, type DiffPart } from "../../../tools/files/line-diff.js";

const requireHere = createRequire(import.meta.url);

export function generateDiffString(oldContent: string, newContent: string, contextLines = 4): { diff: string; firstChangedLine: number | undefined } {
  const { diffLines } = requireHere("diff") as typeof import("diff");
  const parts = diffLines(oldContent, newContent).map((change): DiffPart => ({
    kind: change.added ? "added" : change.removed ? "removed" : "same",
    lines: linesOf(change.value),
  }));
  const width = String(Math.max(oldContent.split("\n").length, newContent.split("\n").length)).length;
  return formatLineDiff(parts, width, contextLines);
}

/** a part's lines, without the empty piece after its last line break */
function linesOf(value: string): string[] {
  const lines = value.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
