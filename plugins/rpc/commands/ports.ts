// What a command reaches: the session, the services by name, the signal that stops commands at shutdown, and a
// way to send records of its own while it runs (bash output).
// A missing service becomes an error that names the command, the service and the plugin that offers it.
import { PithError, type PluginContext, type ServiceName } from "../../../kernel/index.js";
import type { RpcPorts } from "./command-table.js";
import type { RpcId } from "../protocol/responses.js";

const SERVICE_HINTS: Partial<Record<ServiceName, string>> = {
  sessions: " Session commands need pith's sessions plugin.",
  compaction: " Compaction needs pith's compaction plugin.",
  retry: " Retry control needs pith's retry plugin.",
  models: " Model commands need pith's models plugin.",
  settings: " Settings changes need pith's settings plugin.",
  sessionControl: " Session moves and saved settings need pith's session-control plugin.",
};

export function createPorts(
  context: PluginContext,
  command: string,
  signal: AbortSignal,
  request: { id: RpcId | undefined; send(record: object): void },
): RpcPorts {
  return {
    session: context.session,
    signal,
    id: request.id,
    send: request.send,
    service(name) {
      const service = context.tryUse(name);
      if (service !== undefined) return service;
      throw new PithError(
        "RPC_SERVICE_UNAVAILABLE",
        `${command} is not available: no loaded plugin provides the "${name}" service.${SERVICE_HINTS[name] ?? ""}`,
      );
    },
  };
}
