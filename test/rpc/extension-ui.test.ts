// A pi extension loaded with -e gets the running mode's ui service as ctx.ui: in RPC mode its dialogs and notices
// reach the client as extension_ui_request records and the client's answers come back; in print mode it has none.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { closeRpcWorld, spawnRpc, type RpcChild, type RpcRecord } from "./rpc-harness.js";

/** Notices session start; gates every bash call: "quick" commands by a confirm with a timeout, others by a Yes/No select. */
const GATE = `import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
export default function (pi: ExtensionAPI) {
  pi.on("session_start", (_event, ctx) => {
    writeFileSync(join(ctx.cwd, "has-ui.txt"), String(ctx.hasUI));
    ctx.ui.notify("gate ready", "info");
  });
  pi.on("tool_call", async (event, ctx) => {
    if (event.toolName !== "bash") return undefined;
    const command = String(event.input.command);
    if (command.includes("quick")) {
      const sure = await ctx.ui.confirm("Run quickly?", command, { timeout: 100 });
      return sure ? undefined : { block: true, reason: "No answer in time." };
    }
    const choice = await ctx.ui.select("Run " + command + "?", ["Yes", "No"]);
    return choice === "Yes" ? undefined : { block: true, reason: "The user said No." };
  });
}
`;

let world: CliWorld;
let rpc: RpcChild | undefined;
let gate: string;
beforeEach(async () => {
  world = await createCliWorld();
  gate = join(world.project, "gate.ts");
  await writeFile(gate, GATE);
});
afterEach(async () => {
  await closeRpcWorld(world, rpc);
  rpc = undefined;
});

const request = (method: string) => (record: RpcRecord) => record.type === "extension_ui_request" && record.method === method;
/** the last request's last message: the tool result of the latest prompt (earlier prompts' stay in the conversation) */
const lastResult = () => JSON.stringify((world.mock.requests.at(-1)!.body.messages as unknown[]).at(-1));

// one RPC process for the three answers to the gate (No, Yes, none), one prompt each
it("blocks the bash call when the client answers No, and the model is told why; runs it on Yes; resolves a dialog with a timeout to its default when the client never answers", async () => {
  const bashThenDone = (command: string) => [{ toolCalls: [{ name: "bash", arguments: { command } }] }, { text: "done" }];
  world.mock.enqueue(...bashThenDone("echo ran > ran.txt"), ...bashThenDone("echo ran > ran.txt"), ...bashThenDone("echo quick > quick.txt"));
  rpc = spawnRpc(world, ["-e", gate]);
  const { peer } = rpc;
  expect(await peer.waitFor(request("notify"))).toMatchObject({ message: "gate ready", notifyType: "info" });
  expect(await readFile(join(world.project, "has-ui.txt"), "utf8")).toBe("true");
  /** sends "run it"; resolves the index of its first record and the number of model requests before it */
  const prompt = async () => {
    const from = peer.records.length;
    const requestsBefore = world.mock.requests.length;
    await peer.request({ type: "prompt", message: "run it" });
    return { from, requestsBefore };
  };

  // No
  const no = await prompt();
  const select = await peer.waitFor(request("select"), no.from);
  expect(select).toMatchObject({ title: "Run echo ran > ran.txt?", options: ["Yes", "No"] });
  peer.send({ type: "extension_ui_response", id: select.id, value: "No" });
  await peer.waitForEvent("agent_end", no.from);
  expect(world.mock.requests.length - no.requestsBefore).toBe(2);
  expect(lastResult()).toContain("The user said No.");
  expect(existsSync(join(world.project, "ran.txt"))).toBe(false);

  // Yes
  const yes = await prompt();
  const allowed = await peer.waitFor(request("select"), yes.from);
  peer.send({ type: "extension_ui_response", id: allowed.id, value: "Yes" });
  await peer.waitForEvent("agent_end", yes.from);
  expect(existsSync(join(world.project, "ran.txt"))).toBe(true);
  expect(lastResult()).not.toContain("The user said No.");

  // no answer: the confirm's timeout
  const none = await prompt();
  expect(await peer.waitFor(request("confirm"), none.from)).toMatchObject({ title: "Run quickly?", message: "echo quick > quick.txt", timeout: 100 });
  await peer.waitForEvent("agent_end", none.from);
  expect(lastResult()).toContain("No answer in time.");
  expect(existsSync(join(world.project, "quick.txt"))).toBe(false);
});

it("gives ctx.hasUI false and a silent ui in print mode", async () => {
  world.mock.enqueue({ text: "hello" });
  const result = await world.run(["-p", "--model", "mock/mock-model", "-e", gate, "hi"]);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain("hello");
  expect(result.stdout).not.toContain("gate ready");
  expect(await readFile(join(world.project, "has-ui.txt"), "utf8")).toBe("false");
});

it("gives ctx.hasUI false in JSON mode: a select resolves undefined at once, so the gate blocks, and no ui record is written", async () => {
  world.mock.enqueue({ toolCalls: [{ name: "bash", arguments: { command: "echo ran > ran.txt" } }] }, { text: "finished" });
  const result = await world.run(["--mode", "json", "-p", "--model", "mock/mock-model", "-e", gate, "run it"]);
  expect(result.code).toBe(0);
  expect(await readFile(join(world.project, "has-ui.txt"), "utf8")).toBe("false");
  expect(existsSync(join(world.project, "ran.txt"))).toBe(false);
  expect(JSON.stringify(world.mock.requests.at(-1)!.body)).toContain("The user said No.");
  expect(result.stdout).not.toContain("extension_ui_request");
  expect(result.stdout).not.toContain("gate ready");
});

it("announces the waiting dialog to other extensions as ui_prompt_start and ui_prompt_end", async () => {
  const watcher = join(world.project, "watcher.ts");
  await writeFile(
    watcher,
    `import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
     export default function (pi: ExtensionAPI) {
       pi.on("ui_prompt_start", (event, ctx) => ctx.ui.notify("waiting " + event.reason + " " + event.kind + ": " + event.title));
       pi.on("ui_prompt_end", (event, ctx) => ctx.ui.notify("answered " + event.kind + ": " + event.title));
     }`,
  );
  world.mock.enqueue({ toolCalls: [{ name: "bash", arguments: { command: "true" } }] }, { text: "done" });
  rpc = spawnRpc(world, ["-e", gate, "-e", watcher]);
  const { peer } = rpc;
  await peer.waitFor(request("notify"));
  await peer.request({ type: "prompt", message: "run it" });
  const select = await peer.waitFor(request("select"));
  expect(await peer.waitFor((record) => request("notify")(record) && String(record.message).startsWith("waiting"))).toMatchObject({
    message: "waiting ui_prompt select: Run true?",
  });
  peer.send({ type: "extension_ui_response", id: select.id, value: "Yes" });
  expect(await peer.waitFor((record) => request("notify")(record) && String(record.message).startsWith("answered"))).toMatchObject({
    message: "answered select: Run true?",
  });
  await peer.waitForEvent("agent_end");
});
