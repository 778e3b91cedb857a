// pi-agent-core 1.6.0's low-level loop. A run announces its prompt messages, then turns: pending messages join the
// transcript (tool changes declared first), `prepareRequest`, one model call, the reply's tools, `finishTurn`,
// `turn_end`; it goes on while tools ran (unless every result asked to stop), steering arrived or a follow-up was
// queued, and once more when `finishTurn` asked for it and nothing else did. A failed or aborted reply ends it.
import { PithError, type ToolResultMessage } from "../../../../kernel/index.js";
import { EventStream } from "../pi-ai/event-stream.js";
import { streamAssistantResponse } from "./assistant-response.js";
import { getDefaultStreamFn } from "./stream-fn.js";
import { declareToolChanges } from "./tool-declarations.js";
import { runToolBatch } from "./tool-batch.js";
import type { AgentContext, AgentEvent, AgentEventSink, AgentLoopConfig, AgentLoopTurnUpdate, AgentMessage, AgentTurnContext, StreamFn } from "./types.js";

export { DEFAULT_AGENT_IDENTITY } from "./assistant-response.js";

type AgentStream = EventStream<AgentEvent, AgentMessage[]>;

const agentStream = (): AgentStream =>
  new EventStream<AgentEvent, AgentMessage[]>(
    (event) => event.type === "agent_end",
    (event) => (event.type === "agent_end" ? event.messages : []),
  );

/** Streams a run of the loop: its events, resolving to the messages it added. */
function streamed(run: (emit: AgentEventSink) => Promise<AgentMessage[]>): AgentStream {
  const stream = agentStream();
  // a hook that broke its no-throw contract ends the events; the result stays unresolved, as in pi
  run((event) => stream.push(event)).then(
    (messages) => stream.end(messages),
    () => stream.end(),
  );
  return stream;
}

function checkContinuable(context: AgentContext): void {
  if (context.messages.length === 0) throw new PithError("EXTENSION_AGENT_CANNOT_CONTINUE", "Cannot continue: no messages in context");
  if (context.messages[context.messages.length - 1]!.role === "assistant") {
    throw new PithError("EXTENSION_AGENT_CANNOT_CONTINUE", "Cannot continue from message role: assistant");
  }
}

export function agentLoop(prompts: AgentMessage[], context: AgentContext, config: AgentLoopConfig, signal: AbortSignal | undefined, streamFn?: StreamFn): AgentStream {
  return streamed((emit) => runAgentLoop(prompts, context, config, emit, signal, streamFn));
}

export function agentLoopContinue(context: AgentContext, config: AgentLoopConfig, signal: AbortSignal | undefined, streamFn?: StreamFn): AgentStream {
  checkContinuable(context);
  return streamed((emit) => runAgentLoopContinue(context, config, emit, signal, streamFn));
}

export async function runAgentLoop(prompts: AgentMessage[], context: AgentContext, config: AgentLoopConfig, ...rest: LoopEnds): Promise<AgentMessage[]> {
  const initial = declareToolChanges(context, prompts);
  return runFrom({ ...context, messages: [...context.messages, ...initial] }, initial, config, ...rest);
}

/** Continues `context` as it is: its messages array is the one the run appends to, as in pi. */
export async function runAgentLoopContinue(context: AgentContext, config: AgentLoopConfig, ...rest: LoopEnds): Promise<AgentMessage[]> {
  checkContinuable(context);
  return runFrom({ ...context }, [], config, ...rest);
}

/** What every loop entry takes last: where events go, the abort signal, the model call (default: the default one). */
type LoopEnds = [emit: AgentEventSink, signal: AbortSignal | undefined, streamFn?: StreamFn];

async function runFrom(current: AgentContext, initial: AgentMessage[], config: AgentLoopConfig, ...[emit, signal, streamFn]: LoopEnds): Promise<AgentMessage[]> {
  const added = [...initial];
  await emit({ type: "agent_start" });
  await emit({ type: "turn_start" });
  for (const message of initial) {
    await emit({ type: "message_start", message });
    await emit({ type: "message_end", message });
  }
  await runTurns(current, added, config, signal, emit, streamFn ?? getDefaultStreamFn());
  return added;
}

/** `config` with an update's model and thinking level ("off" asks for no reasoning). */
function updatedConfig(config: AgentLoopConfig, update: Omit<AgentLoopTurnUpdate, "messages" | "context">): AgentLoopConfig {
  const reasoning = update.thinkingLevel === undefined ? config.reasoning : update.thinkingLevel === "off" ? undefined : update.thinkingLevel;
  return { ...config, model: update.model ?? config.model, reasoning };
}

async function runTurns(
  start: AgentContext,
  added: AgentMessage[],
  startConfig: AgentLoopConfig,
  signal: AbortSignal | undefined,
  emit: AgentEventSink,
  streamFn: StreamFn,
): Promise<void> {
  let context = start;
  let config = startConfig;
  let lastTurn: AgentTurnContext | undefined;
  let continueAsked = false;
  // steering typed while the run was starting
  let pending = (await config.getSteeringMessages?.()) ?? [];
  turns: for (;;) {
    let moreToolCalls = true;
    while (moreToolCalls || pending.length > 0) {
      let prepared: AgentMessage[] = [];
      if (lastTurn) {
        const update = await config.prepareNextTurn?.(lastTurn);
        if (update) {
          context = update.context ?? context;
          prepared = update.messages ?? [];
          config = updatedConfig(config, update);
        }
        // preparing may take long (a compaction): steering queued meanwhile joins, unless some is already pending
        if (pending.length === 0) pending = (await config.getSteeringMessages?.()) ?? [];
        await emit({ type: "turn_start" });
      }
      for (const message of declareToolChanges(context, [...prepared, ...pending])) {
        await emit({ type: "message_start", message });
        await emit({ type: "message_end", message });
        context.messages.push(message);
        added.push(message);
      }
      pending = [];
      const request = await config.prepareRequest?.({ context, model: config.model, thinkingLevel: (config.reasoning as string | undefined) ?? "off" }, signal);
      if (request) {
        context = request.context ?? context;
        config = updatedConfig(config, request);
      }
      const message = await streamAssistantResponse(context, config, signal, emit, streamFn);
      added.push(message);
      if (message.stopReason === "error" || message.stopReason === "aborted") {
        // a failed or aborted reply ends the run whatever finishTurn decides
        await config.finishTurn?.({ message, toolResults: [], context, newMessages: added }, signal);
        await emit({ type: "turn_end", message, toolResults: [] });
        break turns;
      }
      const toolResults: ToolResultMessage[] = [];
      moreToolCalls = false;
      if (message.content.some((block) => block.type === "toolCall")) {
        const batch = await runToolBatch({ context, message, config, signal, emit });
        toolResults.push(...batch.messages);
        moreToolCalls = !batch.terminate;
        context.messages.push(...batch.messages);
        added.push(...batch.messages);
      }
      lastTurn = { message, toolResults, context, newMessages: added };
      const decision = await config.finishTurn?.(lastTurn, signal);
      await emit({ type: "turn_end", message, toolResults });
      if (decision?.action === "end") break turns;
      pending = (await config.getSteeringMessages?.()) ?? [];
      // a request that happens anyway satisfies a "continue"
      continueAsked = decision?.action === "continue" && !moreToolCalls && pending.length === 0;
    }
    const followUps = (await config.getFollowUpMessages?.()) ?? [];
    if (followUps.length > 0) {
      continueAsked = false;
      pending = followUps;
      continue;
    }
    if (continueAsked) {
      continueAsked = false;
      continue;
    }
    break;
  }
  await emit({ type: "agent_end", messages: added });
}
