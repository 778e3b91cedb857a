// Every RPC command as one call: to a method of the session or of a service. The RPC layer only checks the
// payload, makes that call and shapes its answer the way pi's clients read it; behaviour lives in the session
// and the plugins. `target` names the call (checked against the real objects by test/rpc/command-map.test.ts).
import { type SessionApi, type PithServices, type ServiceName } from "../../../kernel/index.js";
import { supportedThinkingLevels } from "../../../lib/provider-kit/thinking-levels.js";
import type { RpcCommandType, RpcPayload } from "../protocol/command-schemas.js";
import type { RpcId } from "../protocol/responses.js";

declare module "../../../kernel/index.js" {
  interface InputSources {
    /** an RPC client's prompt, steer or follow_up command */
    rpc: true;
  }
}

/** What a command may reach. */
export interface RpcPorts {
  readonly session: SessionApi;
  /** the service, or a PithError naming the command and the missing service */
  service<K extends ServiceName>(name: K): PithServices[K];
  /** aborted when RPC mode shuts down */
  readonly signal: AbortSignal;
  /** the command's request id */
  readonly id: RpcId | undefined;
  /** writes a record of the command's own (e.g. `bash_execution_update`) while it runs */
  send(record: object): void;
}

type Member<T> = Extract<keyof T, string>;
export type CommandTarget =
  | `session.${Member<SessionApi>}`
  | { [K in ServiceName]: `${K}.${Member<PithServices[K]>}` }[ServiceName];

export interface CommandSpec<T extends RpcCommandType> {
  /** the one session or service member this command calls */
  target: CommandTarget;
  /** the response's `data`; undefined leaves it out */
  run(payload: RpcPayload<T>, ports: RpcPorts): unknown;
}

export type CommandTable = { [T in RpcCommandType]: CommandSpec<T> };

export const COMMANDS: CommandTable = {
  prompt: {
    target: "session.prompt",
    // The dispatcher answers with `{disposition}`: "started" at the run's first event, else what this returns.
    run: (p, { session }) => session.prompt(p.message, { images: p.images, streamingBehavior: p.streamingBehavior, source: "rpc" }),
  },
  steer: {
    target: "session.queuePrompt",
    run: async (p, { session }) => ({ disposition: await session.queuePrompt(p.message, { as: "steer", images: p.images, source: "rpc" }) }),
  },
  follow_up: {
    target: "session.queuePrompt",
    run: async (p, { session }) => ({ disposition: await session.queuePrompt(p.message, { as: "followUp", images: p.images, source: "rpc" }) }),
  },
  abort: { target: "session.abort", run: async (_p, { session }) => void (await session.abort()) },
  clear_queue: { target: "session.clearQueue", run: (_p, { session }) => session.clearQueue() },
  new_session: {
    target: "sessionControl.newSession",
    run: (p, ports) => ports.service("sessionControl").newSession({ parentSession: p.parentSession }),
  },
  get_state: { target: "sessionInfo.state", run: (_p, ports) => ports.service("sessionInfo").state() },
  get_messages: { target: "session.messages", run: (_p, { session }) => ({ messages: session.messages }) },
  set_model: {
    target: "sessionControl.setModel",
    run: (p, ports) => ports.service("sessionControl").setModel(p.provider, p.modelId, { signal: ports.signal }),
  },
  cycle_model: {
    target: "sessionControl.cycleModel",
    run: async (_p, ports) => (await ports.service("sessionControl").cycleModel("forward", { signal: ports.signal })) ?? null,
  },
  get_available_models: { target: "models.availableModels", run: (_p, ports) => ({ models: ports.service("models").availableModels() }) },
  set_thinking_level: { target: "session.setThinkingLevel", run: async (p, { session }) => void (await session.setThinkingLevel(p.level)) },
  cycle_thinking_level: {
    target: "modelSwitch.cycleThinkingLevel",
    run: async (_p, ports) => {
      const level = await ports.service("modelSwitch").cycleThinkingLevel();
      return level === undefined ? null : { level };
    },
  },
  get_available_thinking_levels: { target: "session.model", run: (_p, { session }) => ({ levels: supportedThinkingLevels(session.model) }) },
  set_steering_mode: {
    target: "sessionControl.setSteeringMode",
    run: (p, ports) => ports.service("sessionControl").setSteeringMode(p.mode, { signal: ports.signal }),
  },
  set_follow_up_mode: {
    target: "sessionControl.setFollowUpMode",
    run: (p, ports) => ports.service("sessionControl").setFollowUpMode(p.mode, { signal: ports.signal }),
  },
  compact: {
    target: "compaction.compact",
    run: (p, ports) => ports.service("compaction").compact(p.customInstructions, { signal: ports.signal }),
  },
  set_auto_compaction: {
    target: "sessionControl.setAutoCompaction",
    run: (p, ports) => ports.service("sessionControl").setAutoCompaction(p.enabled, { signal: ports.signal }),
  },
  set_auto_retry: {
    target: "sessionControl.setAutoRetry",
    run: (p, ports) => ports.service("sessionControl").setAutoRetry(p.enabled, { signal: ports.signal }),
  },
  abort_retry: { target: "retry.abortRetry", run: (_p, ports) => ports.service("retry").abortRetry() },
  bash: {
    target: "userBash.execute",
    run: (p, ports) =>
      ports.service("userBash").execute(p.command, {
        signal: ports.signal,
        excludeFromContext: p.excludeFromContext,
        // every chunk as it comes; the answer holds only the (possibly cut) tail
        onOutput: (delta) => ports.send(ports.id === undefined ? { type: "bash_execution_update", delta } : { type: "bash_execution_update", id: ports.id, delta }),
      }),
  },
  abort_bash: { target: "userBash.abort", run: (_p, ports) => ports.service("userBash").abort() },
  get_session_stats: { target: "sessionInfo.stats", run: (_p, ports) => ports.service("sessionInfo").stats() },
  export_html: {
    target: "sessionExport.html",
    run: async (p, ports) => ({ path: await ports.service("sessionExport").html(p.outputPath, { signal: ports.signal }) }),
  },
  switch_session: {
    target: "sessionControl.switchSession",
    run: (p, ports) => ports.service("sessionControl").switchSession(p.sessionPath, { signal: ports.signal }),
  },
  fork: {
    target: "sessionControl.fork",
    run: async (p, ports) => {
      const result = await ports.service("sessionControl").fork(p.entryId);
      return { text: result.text ?? "", cancelled: result.cancelled };
    },
  },
  clone: { target: "sessionControl.clone", run: (_p, ports) => ports.service("sessionControl").clone() },
  get_fork_messages: { target: "sessionInfo.forkPoints", run: (_p, ports) => ({ messages: ports.service("sessionInfo").forkPoints() }) },
  get_entries: { target: "sessionInfo.entries", run: (p, ports) => ports.service("sessionInfo").entries(p.since) },
  get_tree: { target: "sessionInfo.tree", run: (_p, ports) => ports.service("sessionInfo").tree() },
  // pi's code answers `{}` when there is no reply, its documentation `{text: null}`; null is what clients check for.
  get_last_assistant_text: {
    target: "sessionInfo.lastAssistantText",
    run: (_p, ports) => ({ text: ports.service("sessionInfo").lastAssistantText() ?? null }),
  },
  set_session_name: { target: "sessionInfo.setName", run: (p, ports) => ports.service("sessionInfo").setName(p.name) },
  get_commands: { target: "commandCatalog.list", run: (_p, ports) => ({ commands: ports.service("commandCatalog").list() }) },
  // pith's own: MCP servers, as /mcp shows and controls them (docs/rpc.md)
  get_mcp_servers: { target: "mcp.servers", run: (_p, ports) => ({ servers: ports.service("mcp").servers() }) },
  set_mcp_server_enabled: {
    target: "mcp.setEnabled",
    run: (p, ports) => ports.service("mcp").setEnabled(p.name, p.enabled, { persist: p.persist }),
  },
  reconnect_mcp_server: { target: "mcp.reconnect", run: async (p, ports) => void (await ports.service("mcp").reconnect(p.name)) },
  sign_in_mcp_server: {
    target: "mcp.signIn",
    // the authorization URL goes out as a record of its own while the sign-in waits for the browser
    run: async (p, ports) => ({
      result: await ports.service("mcp").signIn(p.name, {
        signal: ports.signal,
        onAuthorizationUrl: (url) => ports.send({ type: "mcp_sign_in_url", ...(ports.id === undefined ? {} : { id: ports.id }), server: p.name, url: url.href }),
      }),
    }),
  },
  sign_out_mcp_server: { target: "mcp.signOut", run: async (p, ports) => ({ removed: await ports.service("mcp").signOut(p.name) }) },
};
