// Commands that arrive while a prompt streams are answered at once; a prompt gets exactly one response, before
// its run's first event; records never interleave.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { blockingBash, spawnRpc, type RpcChild, type RpcResponseRecord, closeRpcWorld } from "./rpc-harness.js";

let world: CliWorld;
let rpc: RpcChild;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await closeRpcWorld(world, rpc);
});

const lastUserText = (request: { body: Record<string, unknown> }) => JSON.stringify((request.body.messages as unknown[]).at(-1));

// one process for both: the queued prompts' run, then the flood of records
it("answers state, steer, follow-up and queued prompts while a tool runs, and delivers them in pi's order; keeps every record whole while many events and responses are written together", async () => {
  world.mock.enqueue(
    { toolCalls: [blockingBash("go")] },
    { text: "after steering" },
    { text: "after follow-up" },
    { text: "after queued prompt" },
    { text: Array.from({ length: 300 }, (_, index) => `chunk ${index} `) },
  );
  rpc = spawnRpc(world);
  const prompt = await rpc.peer.request({ type: "prompt", message: "start" });
  expect(prompt.success).toBe(true);
  await rpc.peer.waitForEvent("tool_execution_start");

  const state = await rpc.peer.request({ type: "get_state" });
  expect(state.data).toMatchObject({ isStreaming: true, messageCount: 3, pendingMessageCount: 0 });
  expect((await rpc.peer.request({ type: "steer", message: "steer now" })).success).toBe(true);
  expect((await rpc.peer.request({ type: "follow_up", message: "then this" })).success).toBe(true);
  const busy = await rpc.peer.request({ type: "prompt", message: "no behaviour given" });
  expect(busy).toMatchObject({ success: false, command: "prompt" });
  expect(busy.error).toMatch(/already working.*streamingBehavior/);
  expect((await rpc.peer.request({ type: "prompt", message: "queued prompt", streamingBehavior: "followUp" })).success).toBe(true);
  expect((await rpc.peer.request({ type: "get_state" })).data).toMatchObject({ isStreaming: true, pendingMessageCount: 3 });
  expect(rpc.peer.ofType("queue_update").at(-1)).toEqual({ type: "queue_update", steering: ["steer now"], followUp: ["then this", "queued prompt"] });

  await writeFile(join(world.project, "go"), "");
  // One follow-up per run end (one-at-a-time): three more model calls after the tool turn.
  await rpc.peer.waitFor((record) => record.type === "agent_end" && JSON.stringify(record).includes("after queued prompt"));
  expect(world.mock.requests).toHaveLength(4);
  // Steering goes in after the tool results of the turn, before the next model call.
  expect(lastUserText(world.mock.requests[1]!)).toContain("steer now");
  expect(lastUserText(world.mock.requests[2]!)).toContain("then this");
  expect(lastUserText(world.mock.requests[3]!)).toContain("queued prompt");

  // Exactly one response per prompt command; the accepted one precedes its run's first event.
  const promptResponses = rpc.peer.ofType("response").filter((record) => record.command === "prompt") as RpcResponseRecord[];
  expect(promptResponses.map((response) => response.success)).toEqual([true, false, true]);
  const accepted = rpc.peer.records.indexOf(prompt);
  expect(accepted).toBeLessThan(rpc.peer.indexOf((record) => record.type === "agent_start"));
  expect(rpc.peer.strayLines).toEqual([]);

  // then many events and responses written together: every record stays whole
  const from = rpc.peer.records.length;
  rpc.peer.send({ id: "p", type: "prompt", message: "stream a lot" });
  for (let index = 0; index < 50; index++) rpc.peer.send({ id: `s${index}`, type: "get_state" });
  await rpc.peer.waitForEvent("agent_end", from);
  for (let index = 0; index < 50; index++) expect((await rpc.peer.response(`s${index}`)).success).toBe(true);
  expect(rpc.peer.strayLines).toEqual([]);
  expect(rpc.peer.records.slice(from).filter((record) => record.type === "message_update").length).toBeGreaterThanOrEqual(300);
});

// one process for both aborts: a running tool turn's, then one right behind the next prompt
it("aborts a running tool turn; the run ends aborted and the session is idle again; an abort sent right behind a prompt stops that prompt's run", async () => {
  world.mock.enqueue({ toolCalls: [blockingBash("never")] }, { text: ["one ", "two ", "three ", "four ", "five"], delayMs: 200 });
  rpc = spawnRpc(world);
  await rpc.peer.request({ type: "prompt", message: "hang" });
  await rpc.peer.waitForEvent("tool_execution_start");
  const abort = await rpc.peer.request({ type: "abort" });
  expect(abort).toMatchObject({ success: true, command: "abort" });
  const end = (await rpc.peer.waitForEvent("tool_execution_end")) as { isError: boolean };
  expect(end.isError).toBe(true);
  await rpc.peer.waitForEvent("agent_end");
  // abort resolves once the session is idle: its response came after the run ended.
  expect(rpc.peer.records.indexOf(abort)).toBeGreaterThan(rpc.peer.indexOf((record) => record.type === "agent_end"));
  expect((await rpc.peer.request({ type: "get_state" })).data).toMatchObject({ isStreaming: false });

  // the idle session takes the next prompt, and an abort sent right behind it stops that prompt's run
  const from = rpc.peer.records.length;
  rpc.peer.send({ id: "p", type: "prompt", message: "count slowly" });
  rpc.peer.send({ id: "a", type: "abort" });
  expect((await rpc.peer.response("p")).success).toBe(true);
  expect((await rpc.peer.response("a")).success).toBe(true);
  const second = (await rpc.peer.waitForEvent("agent_end", from)) as { messages: { role: string; stopReason?: string }[] };
  expect(second.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "aborted" });
});
