// Messages queued while the agent works: one dim line each (the message's first line, cut to the width, as pi
// shows them), and how to take them back into the editor. The session's queue comes first, then what waits for a
// compaction to end, as in pi.
import { Container, Spacer, TruncatedText } from "@earendil-works/pi-tui";
import { capitalisedKeys } from "../keys/key-bindings.js";
import type { Theme } from "../theme/theme.js";

interface Queued {
  steering: readonly string[];
  followUp: readonly string[];
}

const NONE: Queued = { steering: [], followUp: [] };

export class PendingMessages extends Container {
  private queued = NONE;
  private held = NONE;
  private dequeueKey = "";

  constructor(private theme: Theme) {
    super();
  }

  /** the session's queue */
  show(steering: readonly string[], followUp: readonly string[], dequeueKey: string): void {
    this.queued = { steering, followUp };
    this.dequeueKey = dequeueKey;
    this.draw();
  }

  /** the messages held for after a compaction */
  showHeld(steering: readonly string[], followUp: readonly string[], dequeueKey: string): void {
    this.held = { steering, followUp };
    this.dequeueKey = dequeueKey;
    this.draw();
  }

  private draw(): void {
    this.clear();
    const steering = [...this.queued.steering, ...this.held.steering];
    const followUp = [...this.queued.followUp, ...this.held.followUp];
    if (steering.length === 0 && followUp.length === 0) return;
    const lines = [...steering.map((text) => `Steering: ${text}`), ...followUp.map((text) => `Follow-up: ${text}`)];
    if (this.dequeueKey) lines.push(`↳ ${capitalisedKeys(this.dequeueKey)} to edit all queued messages`);
    this.addChild(new Spacer(1));
    for (const line of lines) this.addChild(new TruncatedText(this.theme.fg("dim", line), 1, 0));
  }
}
