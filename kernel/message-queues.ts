// Steering and follow-up messages typed while the agent works. Steering is delivered after the current
// turn's tool calls; follow-ups when the agent would otherwise stop.
import type { AgentMessage } from "./messages.js";
import { messageText } from "./messages.js";

export type QueueMode = "one-at-a-time" | "all";

export class MessageQueue {
  private items: AgentMessage[] = [];

  constructor(public mode: QueueMode) {}

  push(message: AgentMessage): void {
    this.items.push(message);
  }

  take(): AgentMessage[] {
    if (this.items.length === 0) return [];
    if (this.mode === "all") return this.items.splice(0);
    return this.items.splice(0, 1);
  }

  clear(): AgentMessage[] {
    return this.items.splice(0);
  }

  get messages(): readonly AgentMessage[] {
    return this.items;
  }

  get length(): number {
    return this.items.length;
  }

  texts(): string[] {
    return this.items.map(messageText);
  }
}

/** Both queues of a session; `changed` hears their texts after every change (pi's `queue_update`). */
export class PendingMessages {
  readonly steering: MessageQueue;
  readonly followUps: MessageQueue;

  constructor(
    modes: { steering: QueueMode; followUp: QueueMode },
    private readonly changed: (steering: string[], followUp: string[]) => void,
  ) {
    this.steering = new MessageQueue(modes.steering);
    this.followUps = new MessageQueue(modes.followUp);
  }

  get length(): number {
    return this.steering.length + this.followUps.length;
  }

  push(message: AgentMessage, as: "steer" | "followUp"): void {
    this.queue(as).push(message);
    this.announce();
  }

  /** The next message(s) of one queue, as its mode delivers them. */
  take(as: "steer" | "followUp"): AgentMessage[] {
    const taken = this.queue(as).take();
    if (taken.length > 0) this.announce();
    return taken;
  }

  /** Empties both queues: their texts. Announced even when they were empty, as pi's `clearQueue` does. */
  clear(): { steering: string[]; followUp: string[] } {
    const cleared = { steering: this.steering.texts(), followUp: this.followUps.texts() };
    for (const queue of [this.steering, this.followUps]) queue.clear();
    this.announce();
    return cleared;
  }

  private queue(as: "steer" | "followUp"): MessageQueue {
    return as === "steer" ? this.steering : this.followUps;
  }

  private announce(): void {
    this.changed(this.steering.texts(), this.followUps.texts());
  }
}
