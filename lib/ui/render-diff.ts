// The edit tool's line-numbered diff (`details.diff`: "+12 added", "-12 removed", " 12 context", "     ...") in
// colour, as pi 1.6.0 draws it and exports it to extensions as `renderDiff`: context lines in the context colour,
// removals and additions in theirs, and when exactly one line was replaced by one, the words that changed inverted.
import { diffWords } from "diff";

/** what drawing a diff needs of a theme: pith's terminal theme, or one that styles nothing */
export interface DiffPainter {
  fg(token: "toolDiffAdded" | "toolDiffRemoved" | "toolDiffContext", text: string): string;
  inverse(text: string): string;
}

interface DiffLine {
  /** "+", "-", or white space for context */
  sign: string;
  number: string;
  text: string;
}

const LINE = /^([+\-\s])(\s*\d*)\s(.*)$/;

function parse(line: string): DiffLine | undefined {
  const match = LINE.exec(line);
  return match ? { sign: match[1]!, number: match[2]!, text: match[3]! } : undefined;
}

/** tabs take three columns, as pi draws them */
const untab = (text: string) => text.replaceAll("\t", "   ");

/** `diffText` with every line coloured; lines that are not diff lines (`...`) in the context colour */
export function renderDiff(diffText: string, painter: DiffPainter): string {
  const lines = diffText.split("\n");
  const out: string[] = [];
  /** the lines from `from` on that carry `sign` */
  const run = (from: number, sign: "+" | "-") => {
    const found: DiffLine[] = [];
    for (let line = parse(lines[from] ?? ""); line?.sign === sign; line = parse(lines[from + found.length] ?? "")) found.push(line);
    return found;
  };
  for (let index = 0; index < lines.length; ) {
    const line = parse(lines[index]!);
    if (!line) {
      out.push(painter.fg("toolDiffContext", lines[index++]!));
      continue;
    }
    if (line.sign !== "+" && line.sign !== "-") {
      out.push(painter.fg("toolDiffContext", ` ${line.number} ${untab(line.text)}`));
      index++;
      continue;
    }
    // removals and the additions right after them form one change
    const removed = line.sign === "-" ? run(index, "-") : [];
    const added = run(index + removed.length, "+");
    index += removed.length + added.length;
    if (removed.length === 1 && added.length === 1) {
      const [before, after] = changedWords(untab(removed[0]!.text), untab(added[0]!.text), painter);
      out.push(painter.fg("toolDiffRemoved", `-${removed[0]!.number} ${before}`), painter.fg("toolDiffAdded", `+${added[0]!.number} ${after}`));
      continue;
    }
    for (const each of removed) out.push(painter.fg("toolDiffRemoved", `-${each.number} ${untab(each.text)}`));
    for (const each of added) out.push(painter.fg("toolDiffAdded", `+${each.number} ${untab(each.text)}`));
  }
  return out.join("\n");
}

/** the old and the new line with the words that differ inverted; their shared indentation is never part of a change */
function changedWords(before: string, after: string, painter: DiffPainter): [string, string] {
  let indent = 0;
  while (indent < before.length && before[indent] === after[indent] && /\s/.test(before[indent]!)) indent++;
  const shared = before.slice(0, indent);
  const sides = { removed: { text: shared, first: true }, added: { text: shared, first: true } };
  for (const part of diffWords(before.slice(indent), after.slice(indent))) {
    const side = part.removed ? sides.removed : part.added ? sides.added : undefined;
    if (!side) {
      sides.removed.text += part.value;
      sides.added.text += part.value;
      continue;
    }
    let value = part.value;
    // the first change on a side keeps its leading spaces plain
    if (side.first) {
      const spaces = /^\s*/.exec(value)![0];
      side.text += spaces;
      value = value.slice(spaces.length);
      side.first = false;
    }
    if (value) side.text += painter.inverse(value);
  }
  return [sides.removed.text, sides.added.text];
}
