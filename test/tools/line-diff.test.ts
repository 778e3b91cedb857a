import { describe, expect, it } from "vitest";
import { diffLines, renderLineDiff } from "../../plugins/tools/files/line-diff.js";

// Small deterministic generator so a failure reproduces.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

describe("diffLines", () => {
  it("rebuilds both sides and changes no more lines than needed", async () => {
    const next = random(7);
    for (let round = 0; round < 200; round++) {
      const before = Array.from({ length: Math.floor(next() * 12) }, () => "abcd"[Math.floor(next() * 4)]!);
      const after = Array.from({ length: Math.floor(next() * 12) }, () => "abcd"[Math.floor(next() * 4)]!);
      const parts = await diffLines(before, after);
      const old = parts.filter((part) => part.kind !== "added").flatMap((part) => part.lines);
      const now = parts.filter((part) => part.kind !== "removed").flatMap((part) => part.lines);
      expect(old).toEqual(before);
      expect(now).toEqual(after);
      const kept = parts.filter((part) => part.kind === "same").reduce((sum, part) => sum + part.lines.length, 0);
      expect(kept).toBe(longestCommonSubsequence(before, after));
    }
  });

  it("lists a change's removed lines before its added lines", async () => {
    expect(await diffLines(["a", "b", "c"], ["a", "x", "c"])).toEqual([
      { kind: "same", lines: ["a"] },
      { kind: "removed", lines: ["b"] },
      { kind: "added", lines: ["x"] },
      { kind: "same", lines: ["c"] },
    ]);
  });

  it("keeps the common ends and replaces the middle as one block when the change is too large to diff", async () => {
    const before = ["head", ...Array.from({ length: 1500 }, (_, i) => `old ${i}`), "tail"];
    const after = ["head", ...Array.from({ length: 1500 }, (_, i) => `new ${i}`), "tail"];
    const parts = await diffLines(before, after);
    expect(parts.map((part) => [part.kind, part.lines.length])).toEqual([
      ["same", 1],
      ["removed", 1500],
      ["added", 1500],
      ["same", 1],
    ]);
  });
});

describe("renderLineDiff", () => {
  it("numbers removed lines by the old text and added lines by the new text", async () => {
    expect(await renderLineDiff("a\nb", "a\nb\nc")).toEqual({ diff: " 1 a\n 2 b\n+3 c", firstChangedLine: 3 });
    expect(await renderLineDiff("a\nb\nc", "c")).toEqual({ diff: "-1 a\n-2 b\n 3 c", firstChangedLine: 1 });
  });

  it("reports no change for identical texts", async () => {
    expect(await renderLineDiff("same", "same")).toEqual({ diff: "", firstChangedLine: undefined });
  });
});

function longestCommonSubsequence(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
    }
  }
  return table[a.length]![b.length]!;
}
