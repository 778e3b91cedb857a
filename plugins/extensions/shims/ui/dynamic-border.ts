// pi's `DynamicBorder` for the terminal UI: a horizontal line across the width, in the given colour.
import { terminalTheme } from "./terminal-theme.js";

export class DynamicBorder {
  constructor(private readonly color: (text: string) => string = (text) => terminalTheme().fg("border", text)) {}

  invalidate(): void {}

  render(width: number): string[] {
    return [this.color("─".repeat(Math.max(1, width)))];
  }
}
