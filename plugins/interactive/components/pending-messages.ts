// Messages queued while the agent works: one dim line each (the message's first line, cut to the width, as pi
// shows them), and how to take them back into the editor.
import { Container, Spacer, TruncatedText } from "@earendil-works/pi-tui";
import { capitalisedKeys } from "../keys/key-bindings.js";
import type { Theme } from "../theme/theme.js";

export class PendingMessages extends Container {
  constructor(private theme: Theme) {
    super();
  }

  show(steering: readonly string[], followUp: readonly string[], dequeueKey: string): void {
    this.clear();
    if (steering.length === 0 && followUp.length === 0) return;
    const lines = [...steering.map((text) => `Steering: ${text}`), ...followUp.map((text) => `Follow-up: ${text}`)];
    if (dequeueKey) lines.push(`↳ ${capitalisedKeys(dequeueKey)} to edit all queued messages`);
    this.addChild(new Spacer(1));
    for (const line of lines) this.addChild(new TruncatedText(this.theme.fg("dim", line), 1, 0));
  }
}
