// One model call: run the `context` hook on a copy of the conversation, stream the provider's events out as
// message_start / message_update / message_end, and return the final assistant message.
import { failedReply, type AssistantMessage } from "./messages.js";
import type { LoopContext } from "./loop-context.js";
import { errorMessage } from "./errors.js";
import { finalizeMessage } from "./finalize-message.js";
import { isTapped } from "./hooks.js";
import { nowMs } from "./stopwatch.js";

export async function streamAssistantReply(loop: LoopContext): Promise<AssistantMessage> {
  // The provider gets its own array (the loop appends to the live one); the messages themselves are shared
  // unless a `context` handler may change them.
  let messages = loop.messages.slice();
  if (isTapped(loop.hooks.context)) {
    messages = (await loop.hooks.context.promise({ messages: structuredClone(loop.messages), signal: loop.signal })).messages;
  }

  let partial: AssistantMessage | undefined;
  let final: AssistantMessage | undefined;
  const thinkingLevel = loop.thinkingLevel();
  const startedAt = Date.now();
  const startedAtMonotonic = nowMs();
  try {
    for await (const event of loop.streamAssistant(messages, loop.signal)) {
      if (event.type === "done" || event.type === "error") {
        final = event.type === "done" ? event.message : event.error;
        break;
      }
      if (event.type === "start") {
        partial = event.partial;
        loop.emit({ type: "message_start", message: { ...partial } });
        continue;
      }
      if (!partial) continue;
      partial = event.partial;
      loop.emit({ type: "message_update", message: { ...partial }, assistantMessageEvent: event });
      // Stop reading the provider while consumers catch up: memory stays bounded however slow the output's reader.
      const backlog = loop.eventBacklog();
      if (backlog) await backlog;
    }
  } catch (error) {
    // Providers promise not to throw; one that does still ends the turn cleanly.
    final = failedReply(loop.signal.aborted ? "aborted" : "error", errorMessage(error), partial);
  }
  final ??= failedReply(loop.signal.aborted ? "aborted" : "error", loop.signal.aborted ? "Request was aborted" : "The provider's stream ended without a final event", partial);
  if (!partial) loop.emit({ type: "message_start", message: { ...final } });
  // pi 1.6.0 records how long the reply took and the level the request asked for (a reply that started before this
  // request, one a provider replayed, keeps what it has)
  if (final.durationMs === undefined && final.timestamp >= startedAt) final.durationMs = Math.max(0, Math.round(nowMs() - startedAtMonotonic));
  final.thinkingLevel = thinkingLevel;
  return (await finalizeMessage(final, loop, true)) as AssistantMessage;
}
