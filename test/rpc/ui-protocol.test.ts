// The extension UI sub-protocol: dialogs wait for the client's extension_ui_response (or their timeout, signal,
// or the end of input); notices are sent and forgotten. A test plugin plays the extension, through the "ui"
// service RPC mode provides.
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { definePlugin } from "../../kernel/plugin.js";
import { RpcUi } from "../../plugins/rpc/index.js";
import { noUIContext, type ExtensionUIContext } from "../../plugins/extensions/context/ui-context.js";
import { startInProcess, type InProcessRpc, type RpcRecord } from "./rpc-harness.js";

let world: CliWorld;
let rpc: InProcessRpc;
let started = false;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  if (started) {
    rpc.peer.end();
    await rpc.exited;
    started = false;
  }
  await world.close();
});

async function start(): Promise<InProcessRpc> {
  rpc = await startInProcess(world, { plugins: [extension] });
  started = true;
  return rpc;
}

const extension = definePlugin({
  name: "asker",
  setup(context) {
    const ui = context.use("ui");
    let dismissable: AbortController | undefined;
    context.registerCommand({
      name: "ask",
      handler: async () => {
        const choice = await ui.select("Pick one", ["red", "blue"]);
        const sure = await ui.confirm("Sure?", `You picked ${choice}`);
        const name = await ui.input("Name?", "type here");
        const text = await ui.editor("Edit", "prefilled");
        ui.notify(`${choice}|${sure}|${name}|${text}`, "info");
      },
    });
    context.registerCommand({
      name: "timed",
      handler: async () => ui.notify(`timed:${await ui.confirm("Quick?", "answer fast", { timeout: 30 })}`),
    });
    context.registerCommand({
      name: "wait-input",
      handler: async () => {
        dismissable = new AbortController();
        ui.notify(`dismissed:${await ui.input("Will be dismissed", undefined, { signal: dismissable.signal })}`);
      },
    });
    context.registerCommand({ name: "dismiss", handler: () => dismissable?.abort() });
    context.registerCommand({
      name: "notices",
      handler: () => {
        ui.setStatus("build", "working");
        ui.setStatus("build", undefined);
        ui.setWidget("todo", ["line 1", "line 2"], { placement: "belowEditor" });
        ui.setWidget("todo", () => ({}));
        ui.setTitle("pith test");
        ui.setEditorText("draft");
        ui.pasteToEditor("pasted");
        ui.notify(`hasUI:${ui.hasUI} editor:${JSON.stringify(ui.getEditorText())} bold:${ui.theme.bold("b")}`, "warning");
      },
    });
    // A permission gate: every bash call asks the client first.
    context.on("tool_call", async (event) => {
      const allowed = await ui.confirm("Allow bash?", JSON.stringify(event.input));
      return allowed ? undefined : { block: true as const, reason: "The user refused the command." };
    }, { tools: ["bash"] });
  },
});

const request = (method: string) => (record: RpcRecord) => record.type === "extension_ui_request" && record.method === method;
const answer = (id: unknown, fields: Record<string, unknown>) => rpc.peer.send({ type: "extension_ui_response", id, ...fields });

it("asks select, confirm, input and editor in turn and gets each answer; other commands run meanwhile", async () => {
  await start();
  rpc.peer.send({ id: "ask", type: "prompt", message: "/ask" });

  const select = await rpc.peer.waitFor(request("select"));
  expect(select).toEqual({ type: "extension_ui_request", id: expect.any(String), method: "select", title: "Pick one", options: ["red", "blue"] });
  // The command waits for the client, so the client may send other commands.
  expect((await rpc.peer.request({ type: "get_state" })).success).toBe(true);
  answer(select.id, { value: "blue" });

  const confirm = await rpc.peer.waitFor(request("confirm"));
  expect(confirm).toMatchObject({ title: "Sure?", message: "You picked blue" });
  answer(confirm.id, { confirmed: true });
  const input = await rpc.peer.waitFor(request("input"));
  expect(input).toMatchObject({ title: "Name?", placeholder: "type here" });
  answer(input.id, { cancelled: true });
  const editor = await rpc.peer.waitFor(request("editor"));
  expect(editor).toMatchObject({ title: "Edit", prefill: "prefilled" });
  answer(editor.id, { value: "edited\ntext" });

  const notify = await rpc.peer.waitFor(request("notify"));
  expect(notify).toMatchObject({ message: "blue|true|undefined|edited\ntext", notifyType: "info" });
  const response = await rpc.peer.response("ask");
  expect(response).toMatchObject({ command: "prompt", success: true });
  // An extension command is answered after its handler returned.
  expect(rpc.peer.records.indexOf(response)).toBeGreaterThan(rpc.peer.records.indexOf(notify));
  expect(new Set([select.id, confirm.id, input.id, editor.id, notify.id]).size).toBe(5);
  expect(world.mock.requests).toHaveLength(0);
});

it("resolves a dialog with its default when its timeout passes, and ignores a late answer", async () => {
  await start();
  rpc.peer.send({ id: "t", type: "prompt", message: "/timed" });
  const confirm = await rpc.peer.waitFor(request("confirm"));
  expect(confirm).toMatchObject({ title: "Quick?", timeout: 30 });
  expect(await rpc.peer.waitFor(request("notify"))).toMatchObject({ message: "timed:false" });
  const before = rpc.peer.records.length;
  answer(confirm.id, { confirmed: true });
  expect((await rpc.peer.request({ type: "get_state" })).success).toBe(true);
  // The late answer got no response of its own; the diagnostic went to stderr.
  expect(rpc.peer.records.slice(before).filter((record) => record.type === "response")).toHaveLength(1);
  expect(rpc.stderr()).toContain(`no dialog is waiting for extension_ui_response id ${String(confirm.id)}`);
});

it("dismisses a dialog when its AbortSignal fires", async () => {
  await start();
  rpc.peer.send({ id: "w", type: "prompt", message: "/wait-input" });
  await rpc.peer.waitFor(request("input"));
  expect((await rpc.peer.request({ type: "prompt", message: "/dismiss" })).success).toBe(true);
  expect(await rpc.peer.waitFor(request("notify"))).toMatchObject({ message: "dismissed:undefined" });
  expect((await rpc.peer.response("w")).success).toBe(true);
});

it("sends fire-and-forget notices in order, leaves out component widgets, and reports hasUI", async () => {
  await start();
  expect((await rpc.peer.request({ type: "prompt", message: "/notices" })).success).toBe(true);
  const notices = rpc.peer.ofType("extension_ui_request").map(({ id, ...rest }) => {
    expect(typeof id).toBe("string");
    return rest;
  });
  expect(notices).toEqual([
    { type: "extension_ui_request", method: "setStatus", statusKey: "build", statusText: "working" },
    { type: "extension_ui_request", method: "setStatus", statusKey: "build" },
    { type: "extension_ui_request", method: "setWidget", widgetKey: "todo", widgetLines: ["line 1", "line 2"], widgetPlacement: "belowEditor" },
    { type: "extension_ui_request", method: "setTitle", title: "pith test" },
    { type: "extension_ui_request", method: "set_editor_text", text: "draft" },
    { type: "extension_ui_request", method: "set_editor_text", text: "pasted" },
    { type: "extension_ui_request", method: "notify", message: 'hasUI:true editor:"" bold:b', notifyType: "warning" },
  ]);
});

it("asks during a streaming run (a tool_call gate) and blocks the tool when the client refuses", async () => {
  world.mock.enqueue({ toolCalls: [{ name: "bash", arguments: { command: "touch made-it" } }] }, { text: "ok, not run" });
  await start();
  await rpc.peer.request({ type: "prompt", message: "make a file" });
  const gate = await rpc.peer.waitFor(request("confirm"));
  expect(gate).toMatchObject({ title: "Allow bash?", message: '{"command":"touch made-it"}' });
  // While the gate waits the agent is still streaming.
  expect((await rpc.peer.request({ type: "get_state" })).data).toMatchObject({ isStreaming: true });
  answer(gate.id, { confirmed: false });
  const end = (await rpc.peer.waitForEvent("tool_execution_end")) as { isError: boolean; result: { content: { text: string }[] } };
  expect(end.isError).toBe(true);
  expect(end.result.content[0]!.text).toContain("The user refused the command.");
  await rpc.peer.waitForEvent("agent_end");
  const { existsSync } = await import("node:fs");
  expect(existsSync(join(world.project, "made-it"))).toBe(false);
});

it("cancels waiting dialogs when the input ends, and later dialogs are not sent at all", async () => {
  await start();
  rpc.peer.send({ id: "ask", type: "prompt", message: "/ask" });
  await rpc.peer.waitFor(request("select"));
  rpc.peer.end();
  expect(await rpc.exited).toBe(0);
  expect(rpc.peer.ofType("extension_ui_request").map((record) => record.method)).toEqual(["select", "notify"]);
  expect(rpc.peer.ofType("extension_ui_request").at(-1)).toMatchObject({ message: "undefined|false|undefined|undefined" });
  expect((await rpc.peer.response("ask")).success).toBe(true);
});

it("offers every member of the extensions plugin's ctx.ui shape", async () => {
  const ui: ExtensionUIContext = new RpcUi(() => undefined);
  for (const member of Object.keys(noUIContext)) expect(typeof (ui as unknown as Record<string, unknown>)[member], member).not.toBe("undefined");
  expect(await ui.custom(() => undefined)).toBeUndefined();
  expect(ui.setTheme("dark")).toMatchObject({ success: false });
});
