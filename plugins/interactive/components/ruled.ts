// A component between two rules in the border colour, as pi 1.6.0 frames its selectors (/settings...): the keys and
// the focus go to what it frames.
import type { Component, Focusable } from "@earendil-works/pi-tui";
import { Framed } from "./framed.js";
import type { Theme } from "../theme/theme.js";

/** a line of `─` across the width in the border colour */
export class Rule implements Component {
  constructor(private readonly theme: () => Theme) {}

  invalidate(): void {}

  render(width: number): string[] {
    return [this.theme().fg("border", "─".repeat(Math.max(1, width)))];
  }
}

export class Ruled extends Framed {
  constructor(body: Component & Partial<Focusable>, theme: () => Theme) {
    super(body);
    this.addChild(new Rule(theme));
    this.addChild(body);
    this.addChild(new Rule(theme));
  }
}
