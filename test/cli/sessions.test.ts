// @long-running: many CLI runs over stored sessions
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, jsonLines, type CliWorld } from "./cli-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await world.close();
});

const MODEL = ["--model", "mock/mock-model"];
const encodedCwd = (cwd: string) => `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;

async function sessionFiles(): Promise<string[]> {
  const dir = join(world.agentDir, "sessions", encodedCwd(world.project));
  try {
    return (await readdir(dir)).filter((name) => name.endsWith(".jsonl")).map((name) => join(dir, name));
  } catch {
    return [];
  }
}

async function readJsonl(path: string) {
  return (await readFile(path, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("sessions from the command line", () => {
  it("persists every run as pi's v3 JSONL under the agent dir, with the model and thinking level first; -c continues the newest session, sending the earlier conversation", async () => {
    world.mock.enqueue({ text: "noted" }, { text: "it was 42" });
    expect((await world.run(["-p", ...MODEL, "remember 42"])).code).toBe(0);
    const files = await sessionFiles();
    expect(files).toHaveLength(1);
    const [header, ...entries] = await readJsonl(files[0]!);
    expect(header).toMatchObject({ type: "session", version: 3, cwd: world.project });
    expect(files[0]!).toContain(`_${header!.id as string}.jsonl`);
    expect(entries.map((entry) => entry.type)).toEqual(["model_change", "thinking_level_change", "message", "message", "message"]);
    expect(entries[0]).toMatchObject({ provider: "mock", modelId: "mock-model", parentId: null });
    expect(entries.slice(2).map((entry) => (entry.message as { role: string }).role)).toEqual(["system", "user", "assistant"]);
    expect((entries[3]!.message as { content: unknown }).content).toEqual([{ type: "text", text: "remember 42" }]);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.parentId).toBe(entries[i - 1]!.id);

    const result = await world.run(["-p", "-c", "what was it?"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("it was 42\n");
    const second = world.mock.requests[1]!.body as { messages: { role: string }[] };
    expect(second.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(await sessionFiles()).toEqual(files);
    const continued = (await readJsonl(files[0]!)).slice(1);
    // one system message: the second run's prompt and tools are those the session declared
    expect(continued.filter((entry) => entry.type === "message").map((entry) => (entry.message as { role: string }).role)).toEqual(["system", "user", "assistant", "user", "assistant"]);
  });

  it("--mode json opens with the header of the session file; --session opens a session by id prefix and refuses an unknown one; --fork copies one into a new file whose header names the parent", async () => {
    world.mock.enqueue({ text: "one" }, { text: "two" }, { text: "forked" });
    const json = await world.run(["--mode", "json", ...MODEL, "hello"]);
    const [original] = await sessionFiles();
    const [header] = await readJsonl(original!);
    expect(jsonLines(json.stdout)[0]).toEqual(header);

    const resumed = await world.run(["-p", "--session", (header!.id as string).slice(0, 8), "again"]);
    expect(resumed.code).toBe(0);
    expect((world.mock.requests[1]!.body as { messages: unknown[] }).messages).toHaveLength(3);
    const missing = await world.run(["-p", "--session", "ffffffffffff", "x"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No session matches "ffffffffffff"/);

    const result = await world.run(["-p", "--fork", original!, "continue in the fork"]);
    expect(result.code).toBe(0);
    const files = await sessionFiles();
    expect(files).toHaveLength(2);
    const fork = files.find((file) => file !== original)!;
    const [forkHeader] = await readJsonl(fork);
    expect(forkHeader).toMatchObject({ parentSession: original });
    const clash = await world.run(["-p", "--fork", original!, "-c", "x"]);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toMatch(/--fork cannot be combined with --continue/);
  });

  it("--no-session writes no file, and --session-dir moves the files", async () => {
    world.mock.enqueue({ text: "a" }, { text: "b" });
    await world.run(["-p", ...MODEL, "--no-session", "x"]);
    expect(await sessionFiles()).toEqual([]);
    const elsewhere = join(world.home, "elsewhere");
    await world.run(["-p", ...MODEL, "--session-dir", elsewhere, "y"]);
    expect((await readdir(elsewhere)).filter((name) => name.endsWith(".jsonl"))).toHaveLength(1);
  });

  it("--session on an empty file (a run killed before its first line) writes the new session into that file", async () => {
    const file = join(world.project, "empty.jsonl");
    await writeFile(file, "");
    world.mock.enqueue({ text: "carried on" });
    const result = await world.run(["-p", ...MODEL, "--session", file, "carry on"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    const lines = await readJsonl(file);
    expect(lines[0]).toMatchObject({ type: "session", version: 3, cwd: world.project });
    expect(lines.filter((line) => line.type === "message").map((line) => (line.message as { role: string }).role)).toEqual(
      expect.arrayContaining(["user", "assistant"]),
    );
    expect((await readdir(world.project)).filter((name) => name.endsWith(".jsonl"))).toEqual(["empty.jsonl"]);
  });

  it("a session pith wrote opens in pi's own SessionManager with the same context", async () => {
    let pi: typeof import("@mariozechner/pi-coding-agent");
    try {
      pi = await import("@mariozechner/pi-coding-agent");
    } catch {
      console.warn("skipped: @mariozechner/pi-coding-agent is not installed");
      return;
    }
    world.mock.enqueue({ toolCalls: [{ name: "ls", arguments: {} }] }, { text: "listed" });
    await world.run(["-p", ...MODEL, "--tools", "ls", "list files"]);
    const file = (await sessionFiles())[0]!;
    const manager = pi.SessionManager.open(file);
    const context = manager.buildSessionContext();
    expect(context.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "toolResult", "assistant"]);
    expect(context.model).toEqual({ provider: "mock", modelId: "mock-model" });
  });
});
