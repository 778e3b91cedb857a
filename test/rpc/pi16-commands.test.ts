// The RPC additions of pi 1.6.0: `disposition` in prompt/steer/follow_up answers, clear_queue,
// get_available_thinking_levels, get_entries (with a cursor), get_tree, and bash's streamed output and
// excludeFromContext.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { blockingBash, closeRpcWorld, startInProcess, type InProcessRpc } from "./rpc-harness.js";

let world: CliWorld;
let rpc: InProcessRpc;
beforeEach(async () => {
  world = await createCliWorld();
  rpc = await startInProcess(world);
});
afterEach(async () => {
  await closeRpcWorld(world, rpc);
});

it("says what became of each prompt, and clear_queue hands back what waited", async () => {
  world.mock.enqueue({ toolCalls: [blockingBash("go")] }, { text: "kept going" }, { text: "after the follow-up" });
  expect((await rpc.peer.request({ type: "prompt", message: "start" })).data).toEqual({ disposition: "started" });
  await rpc.peer.waitForEvent("tool_execution_start");
  expect((await rpc.peer.request({ type: "steer", message: "steer one" })).data).toEqual({ disposition: "queued" });
  expect((await rpc.peer.request({ type: "follow_up", message: "later one" })).data).toEqual({ disposition: "queued" });
  expect((await rpc.peer.request({ type: "prompt", message: "later two", streamingBehavior: "followUp" })).data).toEqual({ disposition: "queued" });

  const cleared = await rpc.peer.request({ type: "clear_queue" });
  expect(cleared.data).toEqual({ steering: ["steer one"], followUp: ["later one", "later two"] });
  expect(rpc.peer.ofType("queue_update").at(-1)).toEqual({ type: "queue_update", steering: [], followUp: [] });
  expect((await rpc.peer.request({ type: "get_state" })).data).toMatchObject({ pendingMessageCount: 0 });
  expect((await rpc.peer.request({ type: "clear_queue" })).data).toEqual({ steering: [], followUp: [] });

  await writeFile(join(world.project, "go"), "");
  await rpc.peer.waitForEvent("agent_settled");
  // nothing that was cleared reached the model
  expect(world.mock.requests).toHaveLength(2);
  expect(JSON.stringify(world.mock.requests[1]!.body)).not.toContain("steer one");
});

it("lists the thinking levels of the current model", async () => {
  expect((await rpc.peer.request({ type: "get_available_thinking_levels" })).data).toEqual({ levels: ["off"] });
});

it("returns every entry, the entries after a cursor, and the tree with the leaf", async () => {
  world.mock.enqueue({ text: "one" }, { text: "two" });
  await rpc.peer.request({ type: "prompt", message: "first" });
  await rpc.peer.waitForEvent("agent_settled");
  const all = (await rpc.peer.request({ type: "get_entries" })).data as { entries: { id: string; type: string }[]; leafId: string };
  expect(all.entries.length).toBeGreaterThanOrEqual(2);
  expect(all.entries.some((entry) => entry.type === "session")).toBe(false);
  expect(all.leafId).toBe(all.entries.at(-1)!.id);

  const cursor = all.entries.at(-1)!.id;
  const marker = rpc.peer.records.length;
  await rpc.peer.request({ type: "prompt", message: "second" });
  await rpc.peer.waitForEvent("agent_settled", marker);
  const after = (await rpc.peer.request({ type: "get_entries", since: cursor })).data as { entries: { id: string; parentId: string; message?: { role: string } }[]; leafId: string };
  expect(after.entries.map((entry) => entry.message?.role).filter(Boolean)).toEqual(expect.arrayContaining(["user", "assistant"]));
  expect(after.entries[0]!.parentId).toBe(cursor);
  expect(after.leafId).toBe(after.entries.at(-1)!.id);

  const unknown = await rpc.peer.request({ type: "get_entries", since: "nope" });
  expect(unknown).toMatchObject({ success: false, command: "get_entries" });
  expect(unknown.error).toMatch(/No entry with id "nope"/);

  const tree = (await rpc.peer.request({ type: "get_tree" })).data as { tree: { entry: { id: string }; children: unknown[] }[]; leafId: string };
  expect(tree.tree).toHaveLength(1);
  expect(tree.tree[0]!.entry.id).toBe(all.entries[0]!.id);
  expect(tree.leafId).toBe(after.leafId);
});

it("streams bash output with the request id, and keeps excluded output from the model", async () => {
  const response = await rpc.peer.request({ type: "bash", command: "echo first; sleep 0.2; echo second" });
  expect(response.data).toMatchObject({ output: "first\nsecond\n", exitCode: 0 });
  const updates = rpc.peer.ofType("bash_execution_update");
  expect(updates.map((update) => update.delta).join("")).toBe("first\nsecond\n");
  expect(updates.length).toBeGreaterThanOrEqual(2);
  expect(updates.every((update) => update.id === response.id)).toBe(true);
  expect(rpc.peer.records.indexOf(updates.at(-1)!)).toBeLessThan(rpc.peer.records.indexOf(response));

  await rpc.peer.request({ type: "bash", command: "echo secret-output", excludeFromContext: true });
  world.mock.enqueue({ text: "ok" });
  await rpc.peer.request({ type: "prompt", message: "what ran?" });
  await rpc.peer.waitForEvent("agent_settled");
  const sent = JSON.stringify(world.mock.requests[0]!.body);
  expect(sent).toContain("second");
  expect(sent).not.toContain("secret-output");
  const messages = (await rpc.peer.request({ type: "get_messages" })).data as { messages: { role: string; excludeFromContext?: boolean }[] };
  expect(messages.messages.filter((message) => message.role === "bashExecution").map((message) => message.excludeFromContext)).toEqual([undefined, true]);
});

it("keeps, streams and sends a command's output without the escape sequences it printed, as pi keeps it", async () => {
  // a colour split over two writes, a link, a cursor move and a carriage return
  const command = "printf '\\033[3'; sleep 0.1; printf '1mred\\033[0m \\033]8;;https://example.org\\007link\\033]8;;\\007\\r\\n\\033[2Kdone\\n'";
  const response = await rpc.peer.request({ type: "bash", command });
  expect(response.data).toMatchObject({ output: "red link\ndone\n", exitCode: 0 });
  expect(rpc.peer.ofType("bash_execution_update").map((update) => update.delta).join("")).toBe("red link\ndone\n");
  world.mock.enqueue({ text: "ok" });
  await rpc.peer.request({ type: "prompt", message: "what ran?" });
  await rpc.peer.waitForEvent("agent_settled");
  expect(JSON.stringify(world.mock.requests[0]!.body)).toContain("red link\\ndone");
  expect(JSON.stringify(world.mock.requests[0]!.body)).not.toContain("\\u001b");
});
