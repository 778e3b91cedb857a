// Cache warming in pith's modes: a print run is never held open by a pending refresh (a child process, as the
// exit itself is under test); RPC clients get the refresh as an `entry_appended` event and in the statistics.
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";
import { closeRpcWorld, startInProcess, type InProcessRpc } from "../rpc/rpc-harness.js";
import { SONNET_COST, preloadAnthropicSdk } from "./harness.js";

let world: CliWorld;
let rpc: InProcessRpc | undefined;
beforeEach(async () => {
  world = await createCliWorld();
  // refreshed 2 s after a request; 1,000,000 prompt tokens: even idle, a refresh pays for itself
  await writeMockModels(world, [{ id: "mock-model", contextWindow: 1_000_000, maxTokens: 8192, cost: SONNET_COST, promptCache: { short: 12 } }]);
});
afterEach(async () => {
  await closeRpcWorld(world, rpc);
  rpc = undefined;
});

const BIG_REPLY = { text: "A long answer.", usage: { cacheWrite: 1_000_000 } };
const WARM_REPLY = { text: ".", usage: { cacheRead: 1_000_000, output: 1 } };

it("print mode exits once the answer is out: the idle refresh it had planned is never sent", async () => {
  world.mock.enqueue(BIG_REPLY, WARM_REPLY);
  const result = await world.run(["--model", "mock/mock-model", "-p", "go"]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe("A long answer.\n");
  // a process still alive two seconds later would have sent the refresh
  expect(world.mock.requests).toHaveLength(1);
  expect(world.mock.pending()).toBe(1);
});

it("RPC: the refresh arrives as entry_appended with its usage entry, and get_session_stats counts it", async () => {
  await preloadAnthropicSdk();
  rpc = await startInProcess(world, { builtins: ["sessions", "models", "provider-anthropic", "cache-warming", "session-control"] });
  world.mock.enqueue(BIG_REPLY, WARM_REPLY);
  await rpc.peer.request({ type: "prompt", message: "go" });
  await rpc.peer.waitForEvent("agent_settled");
  const appended = await rpc.peer.waitForEvent("entry_appended");
  expect(appended.entry).toMatchObject({ type: "usage", kind: "cache_warm", provider: "mock", usage: { cacheRead: 1_000_000, output: 1 } });
  expect(world.mock.requests[1]!.body.max_tokens).toBe(1);
  const stats = await rpc.peer.request({ type: "get_session_stats" });
  const reply = 1_000_000 * SONNET_COST.cacheWrite / 1_000_000;
  const refresh = (1_000_000 * SONNET_COST.cacheRead + SONNET_COST.output) / 1_000_000;
  expect(stats.data).toMatchObject({ tokens: { cacheRead: 1_000_000, cacheWrite: 1_000_000 }, cost: expect.closeTo(reply + refresh, 9) });
  // the session's messages know nothing of it
  const messages = await rpc.peer.request({ type: "get_messages" });
  expect((messages.data as { messages: { role: string }[] }).messages.map((message) => message.role)).toEqual(["user", "assistant"]);
});
