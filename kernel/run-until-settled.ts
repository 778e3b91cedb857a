// One run from its opening messages until it settles: the loop, then as many more loops as the `after_run`
// handlers (retry, overflow compaction) and the `agent_before_settle` handlers ask for, then `agent_settled`.
import { outcomeOf, runAgentLoop } from "./agent-loop.js";
import { isTapped } from "./hooks.js";
import { isAssistantMessage, type AgentMessage, type AssistantMessage } from "./messages.js";
import type { LoopContext } from "./loop-context.js";

export async function runUntilSettled(prompts: AgentMessage[], loop: LoopContext): Promise<void> {
  const { hooks, signal } = loop;
  let added = await runAgentLoop(prompts, loop);
  const lastReply = () => [...added].reverse().find(isAssistantMessage) as AssistantMessage | undefined;
  for (;;) {
    while (isTapped(hooks.after_run) && !signal.aborted) {
      const next = await hooks.after_run.promise({ messages: added, lastAssistant: lastReply(), signal });
      if (!next?.continue || signal.aborted) break;
      added = await runAgentLoop([], loop);
    }
    if (signal.aborted || !isTapped(hooks.agent_before_settle)) break;
    const lastAssistant = lastReply();
    const settle = { messages: added, lastAssistant, outcome: outcomeOf(lastAssistant), continue: false, signal };
    if (!(await hooks.agent_before_settle.promise(settle)).continue || signal.aborted) break;
    added = await runAgentLoop([], loop);
  }
  await loop.drainEvents();
  if (isTapped(hooks.agent_settled)) await hooks.agent_settled.promise({ messages: added });
  loop.emit({ type: "agent_settled", aborted: signal.aborted });
  await loop.drainEvents();
}
