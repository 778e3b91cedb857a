// What stands in the editor's place while /reload runs (pi 1.6.0's box): a border, the muted line saying what is
// being reloaded, a border. It takes the focus so that nothing typed meanwhile reaches the editor.
import type { Component } from "@earendil-works/pi-tui";
import { truncateToWidth } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";

export const RELOADING = "Reloading keybindings, extensions, skills, prompts, themes, and context files...";

export class ReloadBox implements Component {
  constructor(private readonly theme: Theme) {}

  render(width: number): string[] {
    const border = this.theme.fg("border", "─".repeat(Math.max(0, width)));
    return [border, "", ` ${this.theme.fg("muted", truncateToWidth(RELOADING, Math.max(0, width - 2), "…"))}`, "", border];
  }

  invalidate(): void {}

  handleInput(): void {}
}
