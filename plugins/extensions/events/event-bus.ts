// `pi.events`: one bus shared by the extensions of a session. A throwing listener never stops the others; the
// `pi` object wraps each listener so its failure is reported under the extension that subscribed it.
import type { EventBus } from "../contract/types.js";

export function createEventBus(onError: (channel: string, error: unknown) => void = () => undefined): EventBus & { clear(): void } {
  const channels = new Map<string, Set<(data: unknown) => void>>();
  return {
    on(channel, handler) {
      let handlers = channels.get(channel);
      if (!handlers) channels.set(channel, (handlers = new Set()));
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    emit(channel, data) {
      for (const handler of [...(channels.get(channel) ?? [])]) {
        try {
          const result: unknown = handler(data);
          if (result instanceof Promise) result.catch((error: unknown) => onError(channel, error));
        } catch (error) {
          onError(channel, error);
        }
      }
    },
    clear() {
      channels.clear();
    },
  };
}
