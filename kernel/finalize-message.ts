// A message becomes final: `message_end` handlers may replace it (same role only), then listeners see it.
import type { AgentMessage } from "./messages.js";
import type { LoopContext } from "./loop-context.js";
import { PithError } from "./errors.js";
import { isTapped } from "./hooks.js";

/** Emits message_start (unless the caller already did, as streaming replies do) and message_end. */
export async function finalizeMessage(message: AgentMessage, loop: LoopContext, started = false): Promise<AgentMessage> {
  if (!started) loop.emit({ type: "message_start", message });
  let final = message;
  if (isTapped(loop.hooks.message_end)) {
    const replaced = (await loop.hooks.message_end.promise({ message })).message;
    if (roleOf(replaced) === roleOf(message)) final = replaced;
    else
      loop.report(
        new PithError(
          "MESSAGE_ROLE_CHANGED",
          `a message_end handler replaced a ${roleOf(message)} message with a ${roleOf(replaced)} message; the original was kept`,
          { hook: "message_end" },
        ),
      );
  }
  loop.emit({ type: "message_end", message: final });
  return final;
}

function roleOf(message: AgentMessage): string {
  return (message as { role: string }).role;
}
