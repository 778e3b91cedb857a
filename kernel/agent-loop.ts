// The agent loop: stream a reply, run its tool calls, feed the results back, until the model stops calling
// tools and no steering or follow-up message waits. Emits pi's event sequence.
import { isAssistantMessage, type AgentMessage, type AssistantMessage, type ToolResultMessage } from "./messages.js";
import type { LoopContext } from "./loop-context.js";
import { streamAssistantReply } from "./stream-reply.js";
import { executeToolBatch } from "./tool-batch.js";
import { finalizeMessage } from "./finalize-message.js";
import { isTapped, type TurnEndState } from "./hooks.js";

/**
 * Runs the loop. `prompts` are added first (empty when continuing after a retry or compaction).
 * Returns the messages this run added.
 */
export async function runAgentLoop(prompts: AgentMessage[], loop: LoopContext): Promise<AgentMessage[]> {
  const added: AgentMessage[] = [];
  const append = (message: AgentMessage) => {
    loop.messages.push(message);
    added.push(message);
  };

  loop.emit({ type: "agent_start" });
  loop.emit({ type: "turn_start" });
  for (const prompt of await loop.prepareTurn(prompts)) append(await finalizeMessage(prompt, loop));

  let pending = loop.takeSteering();
  let firstTurn = true;
  let turnIndex = 0;
  for (;;) {
    let moreToolCalls = true;
    while (moreToolCalls || pending.length > 0) {
      if (!firstTurn) loop.emit({ type: "turn_start" });
      firstTurn = false;
      pending = await loop.prepareTurn(pending);
      for (const message of pending) append(await finalizeMessage(message, loop));
      pending = [];

      const reply: AssistantMessage = await streamAssistantReply(loop);
      append(reply);
      if (reply.stopReason === "error" || reply.stopReason === "aborted") {
        await endTurn(loop, reply, [], turnIndex);
        return endRun(loop, added);
      }

      const toolCalls = reply.content.filter((block) => block.type === "toolCall");
      let toolResults: ToolResultMessage[] = [];
      moreToolCalls = false;
      if (toolCalls.length > 0) {
        const batch = await executeToolBatch(reply, loop);
        toolResults = batch.results;
        for (const result of toolResults) append(result);
        moreToolCalls = !batch.terminate;
      }
      const continueAsked = await endTurn(loop, reply, toolResults, turnIndex++);
      if (loop.signal.aborted) return endRun(loop, added);
      // Listeners may steer in answer to this turn's events: they see every one of them before the queue is read.
      await loop.drainEvents();
      pending = loop.takeSteering();
      // a continuation is met by the next natural request (tools, steering, a follow-up), else by a context-only one
      if (continueAsked && !moreToolCalls && pending.length === 0) {
        pending = loop.takeFollowUp();
        moreToolCalls = pending.length === 0;
      }
    }
    pending = loop.takeFollowUp();
    if (pending.length === 0) break;
  }
  return endRun(loop, added);
}

async function endTurn(loop: LoopContext, message: AssistantMessage, toolResults: ToolResultMessage[], turnIndex: number): Promise<boolean> {
  const end = isTapped(loop.hooks.turn_end) && (await loop.hooks.turn_end.promise({ message, toolResults, turnIndex, outcome: outcomeOf(message), continue: false }));
  loop.emit({ type: "turn_end", message, toolResults }); // after the hook, as in pi
  return end && end.continue; // whether a handler asked for one more request (not heeded after a failed reply)
}

export const outcomeOf = (reply?: AssistantMessage): TurnEndState["outcome"] => (reply?.stopReason === "aborted" || reply?.stopReason === "error" ? reply.stopReason : "completed");

async function endRun(loop: LoopContext, added: AgentMessage[]): Promise<AgentMessage[]> {
  let willRetry = false;
  if (!loop.signal.aborted && isTapped(loop.hooks.will_retry)) {
    const lastAssistant = [...added].reverse().find(isAssistantMessage);
    willRetry = (await loop.hooks.will_retry.promise({ messages: added, lastAssistant })) === true;
  }
  loop.emit({ type: "agent_end", messages: added, willRetry });
  if (isTapped(loop.hooks.agent_end)) await loop.hooks.agent_end.promise({ messages: added });
  return added;
}
