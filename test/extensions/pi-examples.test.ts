// pi 1.6.0's own example extensions (examples/extensions of the devDependency, loaded unchanged with -e) in the
// built CLI, in print and RPC mode, against the mock model: each does what its file says it does in pi (for
// prompt-customizer, pi 1.6.0 itself runs beside pith).
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { closeRpcWorld, spawnRpc, type RpcChild, type RpcRecord } from "../rpc/rpc-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";

const EXAMPLES = fileURLToPath(new URL("../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/", import.meta.url));
const example = (name: string) => `${EXAMPLES}${name}`;
const MODEL = ["--model", "mock/mock-model"];

let world: CliWorld;
let rpc: RpcChild | undefined;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await closeRpcWorld(world, rpc);
  rpc = undefined;
});

const bodyText = (index: number) => JSON.stringify(world.mock.requests[index]!.body);
const notice = (text: string) => (record: RpcRecord) => record.type === "extension_ui_request" && record.method === "notify" && String(record.message).includes(text);

it("hello: the model calls its tool and reads the greeting", async () => {
  world.mock.enqueue({ toolCalls: [{ name: "hello", arguments: { name: "Ada" } }] }, { text: "Greeted." });
  const result = await world.run(["-p", ...MODEL, "-e", example("hello.ts"), "greet Ada"]);
  expect(result.stderr).toBe("");
  expect(result.stdout).toBe("Greeted.\n");
  expect(JSON.stringify((world.mock.requests[0]!.body as { tools: unknown }).tools)).toContain('"hello"');
  expect(bodyText(1)).toContain("Hello, Ada!");
});

it("protected-paths: a write to .env is blocked and the model is told why; other writes go through", async () => {
  world.mock.enqueue(
    { toolCalls: [{ name: "write", arguments: { path: ".env", content: "SECRET=1" } }, { name: "write", arguments: { path: "notes.txt", content: "ok" } }] },
    { text: "Done." },
  );
  const result = await world.run(["-p", ...MODEL, "-e", example("protected-paths.ts"), "write files"]);
  expect(result.code).toBe(0);
  expect(existsSync(join(world.project, ".env"))).toBe(false);
  expect(await readFile(join(world.project, "notes.txt"), "utf8")).toBe("ok");
  expect(bodyText(1)).toContain('Path \\".env\\" is protected');
});

it("provider-payload: every request body and response head is logged to .pi/provider-payload.log", async () => {
  await mkdir(join(world.project, ".pi"));
  world.mock.enqueue({ text: "Logged." });
  const result = await world.run(["-p", ...MODEL, "-e", example("provider-payload.ts"), "hello there"]);
  expect(result.stdout).toBe("Logged.\n");
  const log = await readFile(join(world.project, ".pi/provider-payload.log"), "utf8");
  expect(log).toContain('"model": "mock-model"');
  expect(log).toContain("hello there");
  expect(log).toMatch(/^\[200\] \{/m);
});

it("input-transform (RPC): ping is answered without the model, ?quick is rewritten before it is sent", async () => {
  world.mock.enqueue({ text: "Brief." });
  rpc = spawnRpc(world, ["-e", example("input-transform.ts")]);
  const { peer } = rpc;
  await peer.request({ type: "prompt", message: "ping" });
  await peer.waitFor(notice("pong"));
  expect(world.mock.requests).toHaveLength(0);

  await peer.request({ type: "prompt", message: "?quick What is TypeScript?" });
  await peer.waitForEvent("agent_end");
  expect(bodyText(0)).toContain("Respond briefly in 1-2 sentences: What is TypeScript?");
});

it("pirate (RPC): /pirate toggles the prompt addition the next request carries", async () => {
  world.mock.enqueue({ text: "Arrr." }, { text: "Plain." });
  rpc = spawnRpc(world, ["-e", example("pirate.ts")]);
  const { peer } = rpc;
  await peer.request({ type: "prompt", message: "/pirate" });
  await peer.waitFor(notice("Arrr! Pirate mode enabled!"));
  await peer.request({ type: "prompt", message: "hello" });
  await peer.waitForEvent("agent_end");
  expect(bodyText(0)).toContain("PIRATE MODE");

  await peer.request({ type: "prompt", message: "/pirate" });
  await peer.waitFor(notice("Pirate mode disabled"));
  const from = peer.records.length;
  await peer.request({ type: "prompt", message: "hello again" });
  await peer.waitForEvent("agent_end", from);
  expect(bodyText(1)).not.toContain("PIRATE MODE");
});

it("session-name (RPC): /session-name names the session, get_state reports it", async () => {
  rpc = spawnRpc(world, ["-e", example("session-name.ts")]);
  const { peer } = rpc;
  await peer.request({ type: "prompt", message: "/session-name Release prep" });
  await peer.waitFor(notice("Session named: Release prep"));
  const state = await peer.request({ type: "get_state" });
  expect((state.data as { sessionName?: string }).sessionName).toBe("Release prep");
});

it("structured-output: the terminating tool result ends the run without another model call", async () => {
  world.mock.enqueue({ toolCalls: [{ name: "structured_output", arguments: { headline: "Ship it", summary: "All good.", actionItems: ["tag", "publish"] } }] });
  const result = await world.run(["--mode", "json", ...MODEL, "-e", example("structured-output.ts"), "summarize"]);
  expect(result.code).toBe(0);
  expect(world.mock.requests).toHaveLength(1);
  const end = result.stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { type: string; result?: unknown }).find((event) => event.type === "tool_execution_end");
  expect(end?.result).toMatchObject({ content: [{ type: "text", text: "Saved structured output: Ship it" }], details: { headline: "Ship it", actionItems: ["tag", "publish"] } });
});

it("dynamic-tools (RPC): a tool registered at session_start and one added by /add-echo-tool are both callable", async () => {
  world.mock.enqueue({ toolCalls: [{ name: "echo_session", arguments: { message: "one" } }] }, { text: "ok" }, { toolCalls: [{ name: "shout_back", arguments: { message: "two" } }] }, { text: "ok" });
  rpc = spawnRpc(world, ["-e", example("dynamic-tools.ts")]);
  const { peer } = rpc;
  await peer.waitFor(notice("Registered dynamic tool: echo_session"));
  await peer.request({ type: "prompt", message: "echo one" });
  await peer.waitForEvent("agent_end");
  expect(bodyText(1)).toContain("[session] one");

  await peer.request({ type: "prompt", message: "/add-echo-tool shout_back" });
  await peer.waitFor(notice("Registered dynamic tool: shout_back"));
  const from = peer.records.length;
  await peer.request({ type: "prompt", message: "echo two" });
  await peer.waitForEvent("agent_end", from);
  expect(JSON.stringify((world.mock.requests[2]!.body as { tools: unknown }).tools)).toContain('"shout_back"');
  expect(bodyText(3)).toContain("[shout_back] two");
});

it.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))(
  "prompt-customizer: the tool_guidance section it sets in systemPromptOptions reaches the request's prompt, as in pi 1.6.0",
  async () => {
    const args = ["-p", ...MODEL, "--no-session", "--tools", "read,bash", "-e", example("prompt-customizer.ts"), "hi"];
    const guidance = () => {
      const body = JSON.stringify(world.mock.requests.at(-1)!.body);
      return JSON.parse(`"${/<tool_guidance>(.*?)<\/tool_guidance>/.exec(body)?.[1] ?? ""}"`) as string;
    };
    world.mock.enqueue({ text: "Guided." });
    const pith = await world.run(args);
    expect(pith.stderr).toBe("");
    expect(pith.stdout).toBe("Guided.\n");
    const pithGuidance = guidance();
    world.mock.enqueue({ text: "Guided." });
    const pi = await runPiCli(world, args);
    expect(pi.code, pi.stderr).toBe(0);
    expect(pithGuidance).toContain("- Use `read` for file contents; it supports text and images.");
    expect(pithGuidance).toContain("- Use `bash` for file operations such as `ls`, `find`, and `grep`.");
    expect(pithGuidance).not.toContain("`edit`");
    expect(pithGuidance).toBe(guidance());
  },
  120_000,
);
