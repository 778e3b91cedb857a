// Services by name, with an actionable error when one is missing: what could not be done and which plugin to load.
import { PithError, type PithServices, type ServiceName } from "../../kernel/index.js";

export type ServiceLookup = <K extends ServiceName>(name: K) => PithServices[K] | undefined;

/** Which plugin provides a service, for the message when it is missing. */
const PROVIDERS: Partial<Record<ServiceName, string>> = {
  sessions: "pith's sessions plugin (built-in \"sessions\")",
  compaction: "pith's compaction plugin (built-in \"compaction\")",
  retry: "pith's retry plugin (built-in \"retry\")",
  models: "pith's models plugin (built-in \"models\")",
  settings: "createAgentSession (it always provides settings)",
  sessionControl: "pith's session-control plugin (built-in \"session-control\")",
};

/** The service, or a PithError (SERVICE_UNAVAILABLE) saying what could not be done and which plugin to load. */
export function requireService<K extends ServiceName>(lookup: ServiceLookup, name: K, action: string): PithServices[K] {
  const service = lookup(name);
  if (service !== undefined) return service;
  const provider = PROVIDERS[name];
  throw new PithError(
    "SERVICE_UNAVAILABLE",
    `Cannot ${action}: no loaded plugin provides the "${name}" service${provider ? `; load ${provider}` : ""}.`,
  );
}
