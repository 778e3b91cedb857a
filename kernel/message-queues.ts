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
