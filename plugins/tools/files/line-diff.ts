// A line diff (the `diff` package's, as pi's edit tool uses; loaded on the first edit) and the line-numbered
// rendering the edit tool returns in `details.diff`.

export interface DiffPart {
  kind: "same" | "removed" | "added";
  lines: string[];
}

/** Beyond this many changed lines the middle of the diff is shown as one removal plus one addition. */
const MAX_EDIT_DISTANCE = 2000;

function pushLines(parts: DiffPart[], kind: DiffPart["kind"], lines: readonly string[]): void {
  if (lines.length === 0) return;
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.lines.push(...lines);
  else parts.push({ kind, lines: [...lines] });
}

/** Parts in order; within one change the removed lines come before the added ones. */
export async function diffLines(before: readonly string[], after: readonly string[]): Promise<DiffPart[]> {
  const { diffArrays } = await import("diff");
  const changes = diffArrays([...before], [...after], { maxEditLength: MAX_EDIT_DISTANCE });
  if (!changes) return wholesale(before, after);
  const parts: DiffPart[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  for (const change of changes) {
    if (change.removed) removed.push(...change.value);
    else if (change.added) added.push(...change.value);
    else {
      pushLines(parts, "removed", removed);
      pushLines(parts, "added", added);
      removed = [];
      added = [];
      pushLines(parts, "same", change.value);
    }
  }
  pushLines(parts, "removed", removed);
  pushLines(parts, "added", added);
  return parts;
}

/** Too many changes to find the shortest script: the common ends stay, the middle is replaced as one block. */
function wholesale(before: readonly string[], after: readonly string[]): DiffPart[] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  const parts: DiffPart[] = [];
  pushLines(parts, "same", before.slice(0, prefix));
  pushLines(parts, "removed", before.slice(prefix, before.length - suffix));
  pushLines(parts, "added", after.slice(prefix, after.length - suffix));
  pushLines(parts, "same", before.slice(before.length - suffix));
  return parts;
}

/**
 * `+N line` / `-N line` / ` N line` rows (old numbers for removed and unchanged lines, new numbers for
 * added ones), `contextLines` unchanged lines around each change and ` ...` where unchanged lines are
 * skipped. `firstChangedLine` is the first changed line's number in the new text.
 */
export async function renderLineDiff(
  before: string,
  after: string,
  contextLines = 4,
): Promise<{ diff: string; firstChangedLine: number | undefined }> {
  const beforeLines = before.split("\n");
  const afterLines = after.split("\n");
  const width = String(Math.max(beforeLines.length, afterLines.length)).length;
  // the empty "line" after a final newline is no line of the file: pi's diff does not show it
  if (before.endsWith("\n") && after.endsWith("\n")) {
    beforeLines.pop();
    afterLines.pop();
  }
  return formatLineDiff(await diffLines(beforeLines, afterLines), width, contextLines);
}

/** The rows of `parts` (same parts never adjacent), line numbers padded to `width`. */
export function formatLineDiff(parts: readonly DiffPart[], width: number, contextLines: number): { diff: string; firstChangedLine: number | undefined } {
  const number = (value: number) => String(value).padStart(width, " ");
  const elision = ` ${"".padStart(width, " ")} ...`;
  const rows: string[] = [];
  let oldLine = 1;
  let newLine = 1;
  let firstChangedLine: number | undefined;

  const showSame = (lines: readonly string[]) => {
    for (const line of lines) {
      rows.push(` ${number(oldLine)} ${line}`);
      oldLine++;
      newLine++;
    }
  };
  const skip = (count: number) => {
    if (count <= 0) return;
    rows.push(elision);
    oldLine += count;
    newLine += count;
  };

  parts.forEach((part, index) => {
    if (part.kind === "removed") {
      firstChangedLine ??= newLine;
      for (const line of part.lines) rows.push(`-${number(oldLine++)} ${line}`);
      return;
    }
    if (part.kind === "added") {
      firstChangedLine ??= newLine;
      for (const line of part.lines) rows.push(`+${number(newLine++)} ${line}`);
      return;
    }
    const afterChange = index > 0;
    const beforeChange = index < parts.length - 1;
    const lines = part.lines;
    if (afterChange && beforeChange) {
      if (lines.length <= contextLines * 2) {
        showSame(lines);
      } else {
        showSame(lines.slice(0, contextLines));
        skip(lines.length - contextLines * 2);
        showSame(lines.slice(lines.length - contextLines));
      }
    } else if (afterChange) {
      showSame(lines.slice(0, contextLines));
      skip(lines.length - contextLines);
    } else if (beforeChange) {
      const hidden = Math.max(0, lines.length - contextLines);
      skip(hidden);
      showSame(lines.slice(hidden));
    } else {
      oldLine += lines.length;
      newLine += lines.length;
    }
  });
  return { diff: rows.join("\n"), firstChangedLine };
}
