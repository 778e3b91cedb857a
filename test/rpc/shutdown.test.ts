// How RPC mode ends: end of input finishes what was asked, then exits 0; SIGTERM/SIGHUP/SIGINT stop at once
// with 143/129/130, after the session shut down and the commands tools started were killed; nothing stored is lost.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { definePlugin } from "../../kernel/plugin.js";
import { guardStdout } from "../../plugins/rpc/process/stdout-guard.js";
import { blockingBash, spawnRpc, startInProcess, waitUntil, type RpcChild } from "./rpc-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await world.close();
});

/** Linux: a process that exists and is not a zombie. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) [ZX]/s.test(stat);
  } catch {
    return false;
  }
}

function storedMessages(file: string): { role: string; stopReason?: string }[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; message?: { role: string; stopReason?: string } })
    .filter((entry) => entry.type === "message")
    .map((entry) => entry.message!);
}

async function sessionFile(rpc: RpcChild): Promise<string> {
  return ((await rpc.peer.request({ type: "get_state" })).data as { sessionFile: string }).sessionFile;
}

describe("end of input", () => {
  it("finishes the prompt it was given, stores it, and exits 0", async () => {
    world.mock.enqueue({ text: ["slow ", "but ", "complete"], delayMs: 60 });
    const rpc = spawnRpc(world);
    const file = await sessionFile(rpc);
    rpc.peer.send({ id: "p", type: "prompt", message: "take your time" });
    rpc.peer.end();
    const { code } = await rpc.exited;
    expect(code).toBe(0);
    const end = rpc.peer.ofType("agent_end").at(-1) as { messages: { content: { text: string }[] }[] };
    expect(end.messages.at(-1)!.content[0]!.text).toBe("slow but complete");
    expect(storedMessages(file).map((message) => message.role)).toEqual(["system", "user", "assistant"]);
  });

  it("announces session_shutdown with reason quit to plugins before serve returns 0", async () => {
    const reasons: string[] = [];
    const observer = definePlugin({ name: "observer", setup: (context) => context.on("session_shutdown", ({ reason }) => void reasons.push(reason)) });
    const rpc = await startInProcess(world, { plugins: [observer] });
    rpc.peer.send({ type: "get_state" });
    rpc.peer.end();
    expect(await rpc.exited).toBe(0);
    expect(reasons).toEqual(["quit"]);
  });
});

describe("signals", () => {
  it("SIGTERM during a tool run: exits 143, kills the tool's processes, keeps every finished message", async () => {
    world.mock.enqueue({ toolCalls: [blockingBash("never", "echo $$ > tool.pid; ")] });
    const rpc = spawnRpc(world);
    const file = await sessionFile(rpc);
    await rpc.peer.request({ type: "prompt", message: "run the tool" });
    await rpc.peer.waitForEvent("tool_execution_start");
    const pidFile = join(world.project, "tool.pid");
    await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"));
    const toolPid = Number(readFileSync(pidFile, "utf8"));
    expect(alive(toolPid)).toBe(true);

    rpc.child.kill("SIGTERM");
    const { code } = await rpc.exited;
    expect(code).toBe(143);
    expect(alive(toolPid)).toBe(false);
    // Every message that ended on stdout is in the session file.
    const ended = rpc.peer.ofType("message_end").map((event) => (event.message as { role: string }).role);
    expect(storedMessages(file).map((message) => message.role)).toEqual(ended);
    expect(ended).toEqual(["system", "user", "assistant", "toolResult"]);
  });

  it("SIGTERM while a user bash command runs: exits 143 and kills the command", async () => {
    const rpc = spawnRpc(world);
    rpc.peer.send({ id: "b", type: "bash", command: "echo $$ > user.pid; sleep 30" });
    const pidFile = join(world.project, "user.pid");
    await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"));
    const pid = Number(readFileSync(pidFile, "utf8"));
    rpc.child.kill("SIGTERM");
    expect((await rpc.exited).code).toBe(143);
    expect(alive(pid)).toBe(false);
  });

  it.each([
    ["SIGHUP", 129],
    ["SIGINT", 130],
  ] as const)("%s exits %i after a clean shutdown", async (signal, expected) => {
    const rpc = spawnRpc(world);
    await rpc.peer.request({ type: "get_state" });
    rpc.child.kill(signal);
    const { code } = await rpc.exited;
    expect(code).toBe(expected);
    expect(rpc.stderr()).toBe("");
  });
});

describe("a client that stops reading", () => {
  it("shuts down with exit 1 when stdout is closed (EPIPE), instead of crashing", async () => {
    const rpc = spawnRpc(world);
    await rpc.peer.request({ type: "get_state" });
    rpc.child.stdout!.destroy();
    for (let index = 0; index < 50; index++) rpc.peer.send({ type: "get_state" });
    const { code } = await rpc.exited;
    expect(code).toBe(1);
    expect(rpc.stderr()).toContain("the RPC client stopped reading stdout");
  });
});

describe("command line", () => {
  it("rejects @file arguments in RPC mode", async () => {
    const result = await world.run(["--mode", "rpc", "--model", "mock/mock-model", "@notes.md"], { stdin: "" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("@file arguments are not supported in RPC mode");
    expect(result.stdout).toBe("");
  });

  it("does not take piped stdin as a prompt, and warns that command-line messages are ignored", async () => {
    const result = await world.run(["--mode", "rpc", "--model", "mock/mock-model", "hello"], { stdin: "please answer this\n" });
    expect(result.code).toBe(0);
    expect(world.mock.requests).toHaveLength(0);
    expect(result.stderr).toContain("ignored in RPC mode");
    expect(JSON.parse(result.stdout)).toMatchObject({ type: "response", command: "parse", success: false });
  });
});

describe("stdout guard", () => {
  it("sends stray writes to stderr while the protocol writer reaches the real stdout", async () => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = "";
    let err = "";
    stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
    const guard = guardStdout(stdout, stderr);
    stdout.write("stray console output\n");
    guard.sink.write('{"type":"response"}\n');
    guard.restore();
    stdout.write("after restore\n");
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toBe('{"type":"response"}\nafter restore\n');
    expect(err).toBe("stray console output\n");
  });
});
