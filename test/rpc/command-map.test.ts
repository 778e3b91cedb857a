// The RPC layer is a thin mapping: every command of pi's protocol maps to exactly one member of the session or
// of a service, that member exists on the real objects, and running the command calls it and nothing else.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import type { PithServices, ServiceName } from "../../kernel/plugin.js";
import type { SessionApi } from "../../kernel/index.js";
import { COMMANDS, COMMAND_SCHEMAS, type CommandSpec, type RpcCommandType, type RpcPorts } from "../../plugins/rpc/index.js";
import { startInProcess, type InProcessRpc, closeRpcWorld } from "./rpc-harness.js";

/** pi 1.6.0's RpcCommand types (docs/rpc-commands.md and rpc-types.d.ts). */
const PI_COMMANDS = [
  "clear_queue", "get_available_thinking_levels", "get_entries", "get_tree",
  "prompt", "steer", "follow_up", "abort", "new_session", "get_state", "set_model", "cycle_model", "get_available_models",
  "set_thinking_level", "cycle_thinking_level", "set_steering_mode", "set_follow_up_mode", "compact", "set_auto_compaction",
  "set_auto_retry", "abort_retry", "bash", "abort_bash", "get_session_stats", "export_html", "switch_session", "fork", "clone",
  "get_fork_messages", "get_last_assistant_text", "set_session_name", "get_messages", "get_commands",
];

/** pith's own commands beside pi's (docs/rpc.md). */
const PITH_COMMANDS = ["get_mcp_servers", "set_mcp_server_enabled", "reconnect_mcp_server", "sign_in_mcp_server", "sign_out_mcp_server"];

const SAMPLES: { [T in RpcCommandType]: Record<string, unknown> } = {
  prompt: { message: "hello" },
  steer: { message: "steer" },
  follow_up: { message: "later" },
  abort: {},
  clear_queue: {},
  get_available_thinking_levels: {},
  get_entries: {},
  get_tree: {},
  get_state: {},
  get_messages: {},
  set_model: { provider: "mock", modelId: "mock-model" },
  cycle_model: {},
  get_available_models: {},
  set_thinking_level: { level: "low" },
  cycle_thinking_level: {},
  set_steering_mode: { mode: "all" },
  set_follow_up_mode: { mode: "one-at-a-time" },
  compact: {},
  set_auto_compaction: { enabled: true },
  set_auto_retry: { enabled: true },
  abort_retry: {},
  bash: { command: "true" },
  abort_bash: {},
  get_session_stats: {},
  export_html: {},
  get_fork_messages: {},
  get_last_assistant_text: {},
  set_session_name: { name: "mapped" },
  get_commands: {},
  clone: {},
  fork: { entryId: "no-such-entry" },
  switch_session: { sessionPath: "/no/such/session.jsonl" },
  get_mcp_servers: {},
  set_mcp_server_enabled: { name: "no-such-server", enabled: false },
  reconnect_mcp_server: { name: "no-such-server" },
  sign_in_mcp_server: { name: "no-such-server" },
  sign_out_mcp_server: { name: "no-such-server" },
  new_session: {},
};

let world: CliWorld;
let rpc: InProcessRpc;
beforeAll(async () => {
  world = await createCliWorld();
  world.mock.enqueue({ text: "hi" });
  rpc = await startInProcess(world);
});
afterAll(async () => {
  await closeRpcWorld(world, rpc);
});

function owner(name: string): object | undefined {
  if (name === "session") return rpc.session;
  return rpc.session.registry.services.get(name) as object | undefined;
}

function traced<T extends object>(name: string, target: T, touched: Set<string>): T {
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === "string") touched.add(`${name}.${property}`);
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

function tracingPorts(touched: Set<string>): RpcPorts {
  return {
    session: traced("session", rpc.session as SessionApi, touched),
    signal: new AbortController().signal,
    id: undefined,
    send: () => undefined,
    service<K extends ServiceName>(name: K): PithServices[K] {
      return traced(name, owner(name) as PithServices[K] & object, touched);
    },
  };
}

const mapped = Object.entries(COMMANDS) as [RpcCommandType, CommandSpec<RpcCommandType>][];

describe("the command table", () => {
  it("covers exactly pi's commands and pith's own, each with a payload schema", () => {
    expect(Object.keys(COMMANDS).sort()).toEqual([...PI_COMMANDS, ...PITH_COMMANDS].sort());
    expect(Object.keys(COMMAND_SCHEMAS).sort()).toEqual([...PI_COMMANDS, ...PITH_COMMANDS].sort());
    const piTypes = fileURLToPath(new URL("../../node_modules/@earendil-works/pi-coding-agent/dist/modes/rpc/rpc-types.d.ts", import.meta.url));
    if (existsSync(piTypes)) {
      const declared = readFileSync(piTypes, "utf8").split("export type RpcResponse")[0]!;
      const types = [...declared.matchAll(/type: "([a-z_]+)";/g)].map((match) => match[1]);
      expect([...new Set(types)].sort()).toEqual([...PI_COMMANDS].sort());
    }
  });

  it.each(mapped.map(([type, spec]) => [type, spec.target] as const))("%s → %s exists on the running session", (_type, target) => {
    const [name, member] = target.split(".") as [string, string];
    const object = owner(name);
    expect(object, `${name} is loaded`).toBeDefined();
    expect(member in object!, `${target} exists`).toBe(true);
  });
});

describe("running a command", () => {
  // In the order of SAMPLES: the prompt first gives clone an entry to copy; new_session comes last.
  const runOrder = (Object.keys(SAMPLES) as RpcCommandType[]).flatMap((type) => mapped.filter(([mappedType]) => mappedType === type));
  it.each(runOrder.map(([type, spec]) => [type, spec.target] as const))("%s calls %s and nothing else", async (type, target) => {
    const touched = new Set<string>();
    const spec = COMMANDS[type] as CommandSpec<RpcCommandType>;
    const payload = COMMAND_SCHEMAS[type].parse(SAMPLES[type]);
    await Promise.resolve(spec.run(payload as never, tracingPorts(touched))).catch(() => undefined);
    expect([...touched]).toEqual([target]);
  });
});
