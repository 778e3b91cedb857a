// Hands out one scripted reply per request, in order, whatever the api asked; then the fallback, if any.
import { errorMessage } from "../../../kernel/errors.js";
import { parseScriptedReply } from "./script-schema.js";
import type { RecordedRequest, Script, ScriptedReply } from "./types.js";

export type ReplyOutcome = { reply: ScriptedReply } | { problem: string };

export class ScriptQueue {
  private readonly queue: Script[] = [];
  private readonly fallback: ScriptedReply | undefined;

  constructor(replies: Script[] = [], fallback?: ScriptedReply) {
    this.fallback = fallback === undefined ? undefined : parseScriptedReply(fallback, "the fallback");
    this.enqueue(replies);
  }

  enqueue(replies: Script[]): void {
    const checked = replies.map((script, index) =>
      typeof script === "function" ? script : parseScriptedReply(script, `reply ${this.queue.length + index + 1}`),
    );
    this.queue.push(...checked);
  }

  pending(): number {
    return this.queue.length;
  }

  /**
   * The queued replies and the fallback as data, for a recorded pi run's key (test/support/pi-runs): a reply the test
   * computes is named by its function's source, a held one by the mark "<held>" (what pi does is the same, only later).
   */
  scriptedAhead(): unknown[] {
    const describe = (script: Script) =>
      typeof script === "function" ? `<function ${script.toString()}>` : script.holdUntil === undefined ? script : { ...script, holdUntil: "<held>" };
    return [...this.queue.map(describe), this.fallback === undefined ? "<no fallback>" : describe(this.fallback)];
  }


  /** `requestNumber` is 1-based and only names the request in problems. */
  next(request: RecordedRequest, requestNumber: number): ReplyOutcome {
    const script = this.queue.shift() ?? this.fallback;
    if (script === undefined) return { problem: `mock-llm: no scripted reply for request ${requestNumber}` };
    if (typeof script !== "function") return { reply: script };
    try {
      return { reply: parseScriptedReply(script(request), `the reply returned by the script for request ${requestNumber}`) };
    } catch (error) {
      return { problem: `mock-llm: the script for request ${requestNumber} failed: ${errorMessage(error)}` };
    }
  }
}
