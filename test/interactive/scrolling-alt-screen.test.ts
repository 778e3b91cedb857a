// Fullscreen mode's frames as scrolls: which band of rows moved between two frames, and what the screen holds
// once the terminal has scrolled it (the rows then written are the ones that differ from that).
import { describe, expect, it } from "vitest";
import { findShift, shifted } from "../../plugins/interactive/terminal/scrolling-alt-screen.js";

const row = (name: string) => `${name} ${"-".repeat(40)}`;
const rows = (...names: string[]) => names.map(row);

describe("findShift", () => {
  it("finds the transcript moving up above an unchanged dock", () => {
    const previous = rows("a", "b", "c", "d", "editor", "footer");
    const next = rows("b", "c", "d", "e", "editor", "footer");
    const shift = findShift(previous, next);
    expect(shift).toEqual({ top: 0, bottom: 3, by: 1 });
    // after the scroll only the new row differs
    const moved = shifted(previous, shift!);
    expect(next.filter((line, index) => line !== moved[index])).toEqual([row("e")]);
  });

  it("finds it moving down (scrolling back) by several rows", () => {
    const previous = rows("c", "d", "e", "f", "editor");
    const next = rows("a", "b", "c", "d", "editor");
    expect(findShift(previous, next)).toEqual({ top: 0, bottom: 3, by: -2 });
  });

  it("leaves frames alone where nothing moved or the saving is too small", () => {
    const previous = rows("a", "b", "editor");
    expect(findShift(previous, rows("a", "x", "editor"))).toBeUndefined();
    expect(findShift(["a", "b", "c"], ["b", "c", "d"])).toBeUndefined();
    expect(findShift(previous, rows("a", "b"))).toBeUndefined();
  });
});
