// Typed access to the services a session's plugins provided, with an actionable error when one is missing.
import type { AgentSession } from "../../kernel/agent-session.js";
import { PithError } from "../../kernel/errors.js";
import type { PithServices, ServiceName } from "../../kernel/plugin.js";

/** Which plugin provides a service, for the message when it is missing. */
const PROVIDERS: Partial<Record<ServiceName, string>> = {
  sessions: "pith's sessions plugin (built-in \"sessions\")",
  compaction: "pith's compaction plugin (built-in \"compaction\")",
  retry: "pith's retry plugin (built-in \"retry\")",
  models: "pith's models plugin (built-in \"models\")",
  settings: "createAgentSession (it always provides settings)",
};

export function serviceOf<K extends ServiceName>(agent: AgentSession, name: K): PithServices[K] | undefined {
  // Registered through `context.provide`, whose signature guarantees the value's type for the name.
  return agent.registry.services.get(name)?.value as PithServices[K] | undefined;
}

/** The service, or a PithError saying what could not be done and which plugin to load. */
export function requireService<K extends ServiceName>(agent: AgentSession, name: K, action: string): PithServices[K] {
  const service = serviceOf(agent, name);
  if (service !== undefined) return service;
  const provider = PROVIDERS[name];
  throw new PithError(
    "SERVICE_UNAVAILABLE",
    `Cannot ${action}: no loaded plugin provides the "${name}" service${provider ? `; load ${provider}` : ""}.`,
  );
}
