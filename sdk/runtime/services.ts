// Typed access to the services a session's plugins provided, with an actionable error when one is missing.
import type { AgentSession, PithServices, ServiceName } from "../../kernel/index.js";
import { requireService as requireNamed } from "../../plugins/session-control/require-service.js";

export function serviceOf<K extends ServiceName>(agent: AgentSession, name: K): PithServices[K] | undefined {
  // Registered through `context.provide`, whose signature guarantees the value's type for the name.
  return agent.registry.services.get(name) as PithServices[K] | undefined;
}

/** The service, or a PithError saying what could not be done and which plugin to load. */
export function requireService<K extends ServiceName>(agent: AgentSession, name: K, action: string): PithServices[K] {
  return requireNamed((service) => serviceOf(agent, service), name, action);
}
