// Messages queued while the agent works: one dim line each, and how to take them back into the editor.
import { Text } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";

export class PendingMessages extends Text {
  constructor(private theme: Theme) {
    super("", 1, 0);
  }

  show(steering: readonly string[], followUp: readonly string[], dequeueKey: string): void {
    const lines = [...steering.map((text) => `Steering: ${text}`), ...followUp.map((text) => `Follow-up: ${text}`)].map((line) =>
      this.theme.fg("dim", line.replace(/\s*\n\s*/g, " ")),
    );
    if (lines.length > 0 && dequeueKey) lines.push(this.theme.fg("dim", `↳ ${dequeueKey} to edit all queued messages`));
    this.setText(lines.length > 0 ? `\n${lines.join("\n")}` : "");
  }
}
