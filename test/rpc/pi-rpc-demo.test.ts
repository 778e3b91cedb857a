// pi 1.6.0's own rpc-demo example extension (examples/extensions/rpc-demo.ts, unchanged) in `--mode rpc`: every
// method of the extension UI sub-protocol (docs/rpc-extension-ui.md) as pi's client sees it, and what each answer does.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { closeRpcWorld, spawnRpc, type RpcChild, type RpcRecord } from "./rpc-harness.js";

const RPC_DEMO = fileURLToPath(new URL("../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/rpc-demo.ts", import.meta.url));

let world: CliWorld;
let rpc: RpcChild | undefined;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await closeRpcWorld(world, rpc);
  rpc = undefined;
});

const request = (method: string, match: Record<string, unknown> = {}) => (record: RpcRecord) =>
  record.type === "extension_ui_request" && record.method === method && Object.entries(match).every(([key, value]) => record[key] === value);

// two processes for the four stories: the start and the commands (no model asked), then a model turn and new_session
it("session start: a title, a widget and a status, each an extension_ui_request with pi's fields; commands: input and editor answered with a value, set_editor_text sent and forgotten", async () => {
  rpc = spawnRpc(world, ["-e", RPC_DEMO]);
  const { peer } = rpc;
  expect(await peer.waitFor(request("setTitle"))).toMatchObject({ title: "pi RPC Demo" });
  expect(await peer.waitFor(request("setWidget"))).toMatchObject({ widgetKey: "rpc-demo", widgetLines: ["--- RPC Extension UI Demo ---", "Loaded and ready."] });
  expect(await peer.waitFor(request("setStatus"))).toMatchObject({ statusKey: "rpc-demo", statusText: "Turns: 0" });
  for (const record of peer.ofType("extension_ui_request")) expect(typeof record.id).toBe("string");

  const inputSent = peer.request({ type: "prompt", message: "/rpc-input" });
  const input = await peer.waitFor(request("input"));
  expect(input).toMatchObject({ title: "Enter a value", placeholder: "type something..." });
  peer.send({ type: "extension_ui_response", id: input.id, value: "42" });
  await peer.waitFor(request("notify", { message: "You entered: 42" }));
  expect((await inputSent).success).toBe(true);

  const editorSent = peer.request({ type: "prompt", message: "/rpc-editor" });
  const editor = await peer.waitFor(request("editor"));
  expect(editor).toMatchObject({ title: "Edit some text", prefill: "Line 1\nLine 2\nLine 3" });
  peer.send({ type: "extension_ui_response", id: editor.id, value: "one\ntwo" });
  await peer.waitFor(request("notify", { message: "Editor submitted (2 lines)" }));
  expect((await editorSent).success).toBe(true);

  await peer.request({ type: "prompt", message: "/rpc-prefill" });
  expect(await peer.waitFor(request("set_editor_text"))).toMatchObject({ text: "This text was set by the rpc-demo extension." });
  await peer.waitFor(request("notify", { message: "Editor prefilled" }));
  // no model was asked for any of it
  expect(world.mock.requests).toHaveLength(0);
});

it("a dangerous bash call asks with select; a cancelled answer blocks it, with a warning notice and turn statuses; new_session asks confirm: confirmed false keeps the session, confirmed true starts a new one", async () => {
  world.mock.enqueue({ toolCalls: [{ name: "bash", arguments: { command: "rm -rf doomed" } }] }, { text: "ok" });
  rpc = spawnRpc(world, ["-e", RPC_DEMO]);
  const { peer } = rpc;
  await peer.waitFor(request("setStatus"));
  await (await import("node:fs/promises")).mkdir(join(world.project, "doomed"));
  await peer.request({ type: "prompt", message: "clean up" });
  const select = await peer.waitFor(request("select"));
  expect(select).toMatchObject({ title: "Dangerous command: rm -rf doomed", options: ["Allow", "Block"] });
  peer.send({ type: "extension_ui_response", id: select.id, cancelled: true });
  expect(await peer.waitFor(request("notify", { message: "Command blocked by user" }))).toMatchObject({ notifyType: "warning" });
  await peer.waitForEvent("agent_end");
  expect(existsSync(join(world.project, "doomed"))).toBe(true);
  expect(JSON.stringify(world.mock.requests.at(-1)!.body)).toContain("Blocked by user");
  const statuses = peer.ofType("extension_ui_request").filter((record) => record.method === "setStatus").map((record) => record.statusText);
  expect(statuses).toEqual(expect.arrayContaining(["Turn 1 running...", "Turn 1 done", "Turn 2 running...", "Turn 2 done"]));

  const asked = peer.request({ type: "new_session" });
  const confirm = await peer.waitFor(request("confirm"));
  expect(confirm).toMatchObject({ title: "Clear session?", message: "All messages will be lost." });
  peer.send({ type: "extension_ui_response", id: confirm.id, confirmed: false });
  expect((await asked).data).toMatchObject({ cancelled: true });
  await peer.waitFor(request("notify", { message: "Clear cancelled" }));

  const again = peer.request({ type: "new_session" });
  const second = await peer.waitFor((record) => request("confirm")(record) && record.id !== confirm.id);
  peer.send({ type: "extension_ui_response", id: second.id, confirmed: true });
  expect((await again).data).toMatchObject({ cancelled: false });
  // the new instance announces itself with the title of a new session
  await peer.waitFor(request("setTitle", { title: "pi RPC Demo (new session)" }));
});
