// The conversation prepared for replay (replay-messages.ts) with its later system messages among the turns, where
// pi 1.6.0 sends them to an API that takes them in line: in place, except that one standing after a tool call and
// before the next turn waits until the call is answered (its synthetic result included), so a call and its results
// stay together and no call is answered twice.
import type { Message, Model, PlacedSystemMessage, SystemMessage } from "../../kernel/index.js";
import { prepareReplay, type ReplayOptions } from "./replay-messages.js";

export type ReplayedTurn = Message | SystemMessage;

export function replayWithSystemMessages(messages: readonly Message[], later: readonly PlacedSystemMessage[], model: Model, options: ReplayOptions = {}): ReplayedTurn[] {
  const turns: ReplayedTurn[] = [];
  let from = 0;
  // At each place a system message goes no tool call is left waiting for its result (or the next message is a new
  // turn that answers it), so the replay of the pieces between them is the replay of the whole.
  for (const { at, message } of sendingPlaces(messages, later)) {
    if (at > from) turns.push(...prepareReplay(messages.slice(from, at), model, options));
    turns.push(message);
    from = at;
  }
  turns.push(...prepareReplay(messages.slice(from), model, options));
  return turns;
}

/** Where each system message goes: before `messages[at]`, moved past the tool results it stands among. */
function sendingPlaces(messages: readonly Message[], later: readonly PlacedSystemMessage[]): { at: number; message: SystemMessage }[] {
  const places: { at: number; message: SystemMessage }[] = [];
  let callsOpen = false;
  let scanned = 0;
  for (const { before, message } of later) {
    for (; scanned < before && scanned < messages.length; scanned++) callsOpen = leavesCallsOpen(messages[scanned]!, callsOpen);
    let at = Math.min(before, messages.length);
    if (callsOpen) while (at < messages.length && messages[at]!.role === "toolResult") at++;
    places.push({ at, message });
  }
  return places;
}

/** Whether tool calls wait for a new turn after `message`: a replayed reply with calls opens them, any turn closes them. */
function leavesCallsOpen(message: Message, open: boolean): boolean {
  if (message.role === "toolResult") return open;
  if (message.role === "user") return false;
  const replayed = message.stopReason !== "error" && message.stopReason !== "aborted";
  return replayed && message.content.some((block) => block.type === "toolCall");
}
