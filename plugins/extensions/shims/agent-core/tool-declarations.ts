// The tools a transcript declares follow the tools the loop can run. pi-agent-core 1.6.0 compares the two before
// each request and announces the difference in a system message (`toolsAdded`, `toolsRemoved`): in the latest
// pending system message when there is one (its own tool fields taken as intent and replaced by the real
// difference), else in a new one placed before the first pending message that is not a system message.
import { getCurrentTools, getToolStateChanges, toToolDeclaration, type SystemMessage } from "../pi-ai/pi-ai-transcript.js";
import type { AgentContext, AgentMessage } from "./types.js";

type ToolChanges = ReturnType<typeof getToolStateChanges>;

const isSystem = (message: AgentMessage): message is SystemMessage => message.role === "system";

/** `message` with its tool fields replaced by `changes`; an empty list leaves its field out. */
function withToolChanges(message: SystemMessage, { toolsAdded, toolsRemoved }: ToolChanges): SystemMessage {
  const { toolsAdded: _added, toolsRemoved: _removed, ...rest } = message;
  return { ...rest, ...(toolsAdded.length > 0 ? { toolsAdded } : {}), ...(toolsRemoved.length > 0 ? { toolsRemoved } : {}) };
}

export function declareToolChanges(context: AgentContext, pending: AgentMessage[]): AgentMessage[] {
  const systemIndex = pending.map(isSystem).lastIndexOf(true);
  const system = systemIndex === -1 ? undefined : (pending[systemIndex] as SystemMessage);
  const baseline = system ? pending.map((message, index) => (index === systemIndex ? withToolChanges(system, { toolsAdded: [], toolsRemoved: [] }) : message)) : pending;
  const declared = getCurrentTools([...context.messages, ...baseline]);
  const changes = getToolStateChanges(declared, (context.tools ?? []).map(toToolDeclaration));
  const unchanged = changes.toolsAdded.length === 0 && changes.toolsRemoved.length === 0;
  if (system) {
    // the caller's own message object stays when it declares no change and none is needed
    if (unchanged && !system.toolsAdded?.length && !system.toolsRemoved?.length) return pending;
    return baseline.map((message, index) => (index === systemIndex ? withToolChanges(system, changes) : message));
  }
  if (unchanged) return pending;
  const update = withToolChanges({ role: "system", content: "", timestamp: Date.now() }, changes);
  const firstOther = pending.findIndex((message) => !isSystem(message));
  const at = firstOther === -1 ? pending.length : firstOther;
  return [...pending.slice(0, at), update, ...pending.slice(at)];
}
