// Emits an event and resolves once it has reached every `event` hook handler. The event queue is serial, so by
// then every earlier event has been handled too: the sessions plugin has stored the messages this run added,
// and the branch read next is complete.
import type { PluginContext, SessionEvent } from "../../../kernel/index.js";

export class EventDelivery {
  private readonly waiting = new Map<SessionEvent, () => void>();

  /** Tap this on the `event` hook, after every other plugin that stores events. */
  readonly onEvent = (event: SessionEvent): void => {
    const delivered = this.waiting.get(event);
    if (!delivered) return;
    this.waiting.delete(event);
    delivered();
  };

  constructor(private readonly context: Pick<PluginContext, "emit">) {}

  emitAndWait(event: SessionEvent): Promise<void> {
    const delivered = new Promise<void>((resolve) => this.waiting.set(event, resolve));
    this.context.emit(event);
    return delivered;
  }
}
