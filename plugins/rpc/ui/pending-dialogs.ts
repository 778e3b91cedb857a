// Dialog requests waiting for the client's `extension_ui_response`. Each one ends exactly once: with the answer,
// or with its default when it times out, its signal aborts, or the input closes (nobody is left to answer).
import { randomUUID } from "node:crypto";
import type { UiResponse } from "../protocol/command-schemas.js";
import type { UiDialogOptions } from "../../../lib/ui/ui-types.js";

export type DialogRequest = { method: string } & Record<string, unknown>;

interface Pending {
  answer(response: UiResponse): void;
  dismiss(): void;
}

export class PendingDialogs {
  private readonly pending = new Map<string, Pending>();
  private closed = false;

  constructor(private readonly send: (request: object) => void) {}

  /** Sends the request and resolves with the parsed answer, or `fallback` when dismissed. */
  open<T>(request: DialogRequest, fallback: T, parse: (response: UiResponse) => T, options: UiDialogOptions = {}): Promise<T> {
    const { signal, timeout } = options;
    if (this.closed || signal?.aborted) return Promise.resolve(fallback);
    const id = randomUUID();
    return new Promise<T>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = (value: T) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.pending.delete(id);
        resolve(value);
      };
      const onAbort = () => finish(fallback);
      signal?.addEventListener("abort", onAbort, { once: true });
      if (timeout !== undefined && timeout > 0) timer = setTimeout(onAbort, timeout);
      this.pending.set(id, { answer: (response) => finish(parse(response)), dismiss: onAbort });
      this.send({ type: "extension_ui_request", id, ...request });
    });
  }

  /** Delivers an answer; false when no dialog with that id is waiting (answered, timed out, or never sent). */
  answer(response: UiResponse): boolean {
    const pending = this.pending.get(response.id);
    if (!pending) return false;
    pending.answer(response);
    return true;
  }

  /** No answers can come any more: every waiting dialog and every later one resolves with its default. */
  close(): void {
    this.closed = true;
    for (const pending of [...this.pending.values()]) pending.dismiss();
  }
}

/** A fire-and-forget request still carries an id, so clients can treat all requests alike. */
export function notice(request: DialogRequest): object {
  return { type: "extension_ui_request", id: randomUUID(), ...request };
}
