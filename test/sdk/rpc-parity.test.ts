// One API: every RPC command is a typed method of PithSession, and both reach the same services, so what a
// client does over RPC and what a program does through the SDK see the same session.
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PithPlugin } from "../../kernel/index.js";
import { COMMANDS, rpcMode, type RpcCommandType } from "../../plugins/rpc/index.js";
import { createPithSession, PithSession, type SessionControlService } from "../../sdk/index.js";
import { sdkWorld, type SdkWorld } from "./harness.js";

/** The PithSession method each RPC command maps onto. */
const RPC_METHODS = {
  prompt: "prompt",
  steer: "steer",
  follow_up: "followUp",
  abort: "abort",
  clear_queue: "clearQueue",
  new_session: "newSession",
  get_state: "getState",
  get_messages: "getMessages",
  set_model: "setModel",
  cycle_model: "cycleModel",
  get_available_models: "getAvailableModels",
  set_thinking_level: "setThinkingLevel",
  cycle_thinking_level: "cycleThinkingLevel",
  get_available_thinking_levels: "getAvailableThinkingLevels",
  set_steering_mode: "setSteeringMode",
  set_follow_up_mode: "setFollowUpMode",
  compact: "compact",
  set_auto_compaction: "setAutoCompaction",
  set_auto_retry: "setAutoRetry",
  abort_retry: "abortRetry",
  bash: "executeBash",
  abort_bash: "abortBash",
  get_session_stats: "getSessionStats",
  export_html: "exportToHtml",
  switch_session: "switchSession",
  fork: "fork",
  clone: "clone",
  get_fork_messages: "getForkMessages",
  get_entries: "getEntries",
  get_tree: "getTree",
  get_last_assistant_text: "getLastAssistantText",
  set_session_name: "setSessionName",
  get_commands: "getCommands",
  get_mcp_servers: "getMcpServers",
  set_mcp_server_enabled: "setMcpServerEnabled",
  reconnect_mcp_server: "reconnectMcpServer",
  sign_in_mcp_server: "signInMcpServer",
  sign_out_mcp_server: "signOutMcpServer",
} as const satisfies Record<RpcCommandType, keyof PithSession>;

let world: SdkWorld;
beforeEach(() => {
  world = sdkWorld();
});
afterEach(() => world.close());

describe("RPC commands and the session API", () => {
  it("offers a method for every RPC command", () => {
    expect(Object.keys(RPC_METHODS).sort()).toEqual(Object.keys(COMMANDS).sort());
    for (const [command, method] of Object.entries(RPC_METHODS) as [RpcCommandType, keyof PithSession][]) {
      expect({ command, method: typeof PithSession.prototype[method] }).toEqual({ command, method: "function" });
    }
  });

  it("shares one session with RPC mode: what one side changes, the other reports", async () => {
    let control: SessionControlService | undefined;
    const observer: PithPlugin = { name: "observer", setup: (context) => context.on("agent_settled", () => void (control = context.tryUse("sessionControl"))) };
    const input = new PassThrough();
    const output = new PassThrough();
    const rpc = rpcMode({ input, output, errors: new PassThrough() });
    const pith = await createPithSession(world.options([{ text: "hello from the model" }], { plugins: [rpc.plugin, observer] }));
    const client = rpcClient(input, output);
    const served = rpc.serve(pith.agent);

    await pith.prompt("hi");
    // Plugins reach the moves and saved choices PithSession and RPC use: a change through the service shows in both.
    await control!.setFollowUpMode("all");
    expect(pith.getState().followUpMode).toBe("all");
    expect(await client.request({ type: "get_state" })).toMatchObject({ followUpMode: "all" });
    expect(await client.request({ type: "get_last_assistant_text" })).toEqual({ text: "hello from the model" });

    await client.request({ type: "set_session_name", name: "shared" });
    expect(pith.getState().sessionName).toBe("shared");
    await pith.setModel("mock", "beta");
    expect(await client.request({ type: "get_state" })).toEqual(JSON.parse(JSON.stringify(pith.getState())));
    expect(await client.request({ type: "get_session_stats" })).toEqual(JSON.parse(JSON.stringify(pith.getSessionStats())));
    expect(await client.request({ type: "get_commands" })).toEqual({ commands: JSON.parse(JSON.stringify(pith.getCommands())) });

    input.end();
    expect(await served).toBe(0);
    await pith.dispose();
  });
});

function rpcClient(input: PassThrough, output: PassThrough) {
  const pending = new Map<string, (data: unknown) => void>();
  let buffered = "";
  let next = 0;
  output.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk;
    for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
      const record = JSON.parse(buffered.slice(0, newline)) as { type?: string; id?: string; success?: boolean; data?: unknown; error?: string };
      buffered = buffered.slice(newline + 1);
      if (record.type !== "response" || record.id === undefined) continue;
      pending.get(record.id)?.(record.success ? record.data : { error: record.error });
    }
  });
  return {
    request(command: Record<string, unknown>): Promise<unknown> {
      const id = `c${++next}`;
      input.write(`${JSON.stringify({ ...command, id })}\n`);
      return new Promise((resolve) => pending.set(id, resolve));
    },
  };
}
