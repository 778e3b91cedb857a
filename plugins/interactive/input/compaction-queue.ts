// Messages sent while `/compact` runs with no run going: pi 1.6.0 holds them ("Queued message for after
// compaction"), shows them with the session's queue and sends them once the compaction ends, however it ends.
// During an automatic compaction a run is going, and they wait in the session's own queue instead.
import type { ImageContent } from "../../../kernel/index.js";

export interface HeldMessage {
  text: string;
  as: "steer" | "followUp";
  images?: ImageContent[];
}

export class CompactionQueue {
  private held: HeldMessage[] = [];

  add(message: HeldMessage): void {
    this.held.push(message);
  }

  get steering(): string[] {
    return this.held.filter((message) => message.as === "steer").map((message) => message.text);
  }

  get followUp(): string[] {
    return this.held.filter((message) => message.as === "followUp").map((message) => message.text);
  }

  /** every held message, in the order sent, and none left */
  take(): HeldMessage[] {
    return this.held.splice(0);
  }
}
