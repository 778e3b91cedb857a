// A line diff (Myers' O(ND) algorithm) and the line-numbered rendering the edit tool returns in `details.diff`.

export interface DiffPart {
  kind: "same" | "removed" | "added";
  lines: string[];
}

/** Beyond this many changed lines the middle of the diff is shown as one removal plus one addition. */
const MAX_EDIT_DISTANCE = 2000;

type Step = "same" | "removed" | "added";

/** Shortest edit script between `a` and `b`, or undefined when it needs more than `maxEdits` steps. */
function myers(a: readonly string[], b: readonly string[], maxEdits: number): Step[] | undefined {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, maxEdits);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return backtrack(trace, n, m);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

function backtrack(trace: Int32Array[], n: number, m: number): Step[] {
  const steps: Step[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const previous = trace[d - 1]!;
    const at = (k: number) => previous[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      steps.push("same");
      x--;
      y--;
    }
    steps.push(down ? "added" : "removed");
    x = previousX;
    y = previousY;
  }
  for (; x > 0; x--) steps.push("same");
  return steps.reverse();
}

function pushLines(parts: DiffPart[], kind: DiffPart["kind"], lines: readonly string[]): void {
  if (lines.length === 0) return;
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.lines.push(...lines);
  else parts.push({ kind, lines: [...lines] });
}

/** Parts in order; within one change the removed lines come before the added ones. */
export function diffLines(before: readonly string[], after: readonly string[]): DiffPart[] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  ) {
    suffix++;
  }
  const a = before.slice(prefix, before.length - suffix);
  const b = after.slice(prefix, after.length - suffix);

  const parts: DiffPart[] = [];
  pushLines(parts, "same", before.slice(0, prefix));
  const steps = myers(a, b, MAX_EDIT_DISTANCE);
  if (!steps) {
    pushLines(parts, "removed", a);
    pushLines(parts, "added", b);
  } else {
    let ai = 0;
    let bi = 0;
    let removed: string[] = [];
    let added: string[] = [];
    const flushChange = () => {
      pushLines(parts, "removed", removed);
      pushLines(parts, "added", added);
      removed = [];
      added = [];
    };
    for (const step of steps) {
      if (step === "same") {
        flushChange();
        pushLines(parts, "same", [a[ai++]!]);
        bi++;
      } else if (step === "removed") {
        removed.push(a[ai++]!);
      } else {
        added.push(b[bi++]!);
      }
    }
    flushChange();
  }
  pushLines(parts, "same", before.slice(before.length - suffix));
  return parts;
}

/**
 * `+N line` / `-N line` / ` N line` rows (old numbers for removed and unchanged lines, new numbers for
 * added ones), `contextLines` unchanged lines around each change and ` ...` where unchanged lines are
 * skipped. `firstChangedLine` is the first changed line's number in the new text.
 */
export function renderLineDiff(
  before: string,
  after: string,
  contextLines = 4,
): { diff: string; firstChangedLine: number | undefined } {
  const beforeLines = before.split("\n");
  const afterLines = after.split("\n");
  const parts = diffLines(beforeLines, afterLines);
  const width = String(Math.max(beforeLines.length, afterLines.length)).length;
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
