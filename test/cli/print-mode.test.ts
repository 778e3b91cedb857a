import { mkdir, readFile, writeFile } from "node:fs/promises";
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

describe("pith -p", () => {
  it("reads a file, edits it, runs a command and answers: the file changes and stdout has the answer", async () => {
    await writeFile(join(world.project, "util.ts"), "export function foo() {\n  return 1;\n}\n");
    world.mock.enqueue(
      { toolCalls: [{ name: "read", arguments: { path: "util.ts" } }] },
      { toolCalls: [{ name: "edit", arguments: { path: "util.ts", edits: [{ oldText: "function foo()", newText: "function bar()" }] } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "grep -c bar util.ts" } }] },
      { text: "Renamed foo to bar in util.ts." },
    );
    const result = await world.run(["-p", ...MODEL, "rename foo to bar in util.ts"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("Renamed foo to bar in util.ts.\n");
    expect(await readFile(join(world.project, "util.ts"), "utf8")).toBe("export function bar() {\n  return 1;\n}\n");
    // The bash result went back to the model.
    const lastRequest = world.mock.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(lastRequest.messages.at(-1))).toContain("1");
    expect(world.mock.requests).toHaveLength(4);
  });

  it("streams pi's JSON events in order with --mode json, the session header first", async () => {
    await writeFile(join(world.project, "a.txt"), "alpha\n");
    world.mock.enqueue({ toolCalls: [{ name: "read", arguments: { path: "a.txt" } }] }, { text: ["Done", "."] });
    const result = await world.run(["--mode", "json", ...MODEL, "read a.txt"]);
    expect(result.code).toBe(0);
    const events = jsonLines(result.stdout);
    expect(events[0]).toMatchObject({ type: "session", version: 3, cwd: world.project });
    expect(typeof events[0]!.id).toBe("string");
    const types = events.slice(1).map((event) => event.type).filter((type) => type !== "message_update");
    expect(types).toEqual([
      "agent_start",
      "turn_start",
      "message_start", // the system prompt (pi 1.6.0)
      "message_end",
      "message_start",
      "message_end",
      "message_start",
      "message_end",
      "tool_execution_start",
      "tool_execution_end",
      "message_start",
      "message_end",
      "turn_end",
      "turn_start",
      "message_start",
      "message_end",
      "turn_end",
      "agent_end",
      "agent_settled",
    ]);
    const toolEnd = events.find((event) => event.type === "tool_execution_end") as { result: { content: { text: string }[] }; isError: boolean };
    expect(toolEnd.isError).toBe(false);
    expect(toolEnd.result.content[0]!.text).toContain("alpha");
    const updates = events.filter((event) => event.type === "message_update") as { assistantMessageEvent: { type: string; delta?: string } }[];
    expect(updates.filter((u) => u.assistantMessageEvent.type === "text_delta").map((u) => u.assistantMessageEvent.delta)).toEqual(["Done", "."]);
    const end = events.at(-2) as { messages: { role: string; content: unknown }[]; willRetry: boolean };
    expect(end.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "toolResult", "assistant"]);
    // the user's message as content blocks, as pi writes it (consumers read content[0].text)
    const userEnd = events.find((event) => event.type === "message_end" && (event as { message: { role: string } }).message.role === "user") as { message: { content: unknown } };
    expect(userEnd.message.content).toEqual([{ type: "text", text: "read a.txt" }]);
    expect(end.messages[1]!.content).toEqual([{ type: "text", text: "read a.txt" }]);
    expect(end.willRetry).toBe(false);
  });

  it("puts piped stdin and @file contents in front of the first message", async () => {
    await writeFile(join(world.project, "notes.md"), "# Notes\nremember the milk\n");
    world.mock.enqueue({ text: "ok" }, { text: "second" });
    const result = await world.run(["-p", ...MODEL, "@notes.md", "summarise", "and then this"], { stdin: "piped context\n" });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("second\n");
    const first = world.mock.requests[0]!.body as { messages: { content: { text: string }[] | string }[] };
    const text = JSON.stringify(first.messages[0]!.content);
    expect(text).toContain("piped context");
    expect(text).toContain(`<file name=\\"${join(world.project, "notes.md")}\\">`);
    expect(text).toContain("remember the milk");
    expect(text.indexOf("piped context")).toBeLessThan(text.indexOf("summarise"));
    const second = world.mock.requests[1]!.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(second.messages.at(-1)!.content)).toContain("and then this");
  });

  it("takes the prompt from stdin redirected from a file, with or without -p", async () => {
    const task = join(world.project, "task.md");
    await writeFile(task, "rename foo to bar\n");
    world.mock.enqueue({ text: "renamed" }, { text: "renamed again" });
    const printed = await world.run(["-p", ...MODEL, "carefully"], { stdin: { file: task } });
    expect(printed).toMatchObject({ code: 0, stdout: "renamed\n" });
    // without -p, stdin that is not a terminal still means a print run (pi's rule)
    const implied = await world.run([...MODEL], { stdin: { file: task } });
    expect(implied).toMatchObject({ code: 0, stdout: "renamed again\n" });
    const texts = world.mock.requests.map((request) => JSON.stringify((request.body as { messages: { content: unknown }[] }).messages[0]!.content));
    expect(texts[0]).toContain("rename foo to bar");
    expect(texts[0]!.indexOf("rename foo to bar")).toBeLessThan(texts[0]!.indexOf("carefully"));
    expect(texts[1]).toContain("rename foo to bar");
  });

  it("reads nothing from a /dev/null stdin and refuses to run with no prompt at all, saying what to do", async () => {
    const result = await world.run([...MODEL, "-p"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Nothing to do");
    expect(result.stderr).toMatch(/pith -p/);
    expect(world.mock.requests).toHaveLength(0);
  });

  it("turns an invalid tool call into an error result and finishes the run", async () => {
    world.mock.enqueue({ toolCalls: [{ name: "read", arguments: { nope: 1 } }] }, { text: "I will fix my call." });
    const result = await world.run(["--mode", "json", ...MODEL, "go"]);
    expect(result.code).toBe(0);
    const toolEnd = jsonLines(result.stdout).find((event) => event.type === "tool_execution_end") as { isError: boolean; result: { content: { text: string }[] } };
    expect(toolEnd.isError).toBe(true);
    expect(toolEnd.result.content[0]!.text).toMatch(/path/);
  });
});

describe("bad input gives a clear message and exit 1", () => {
  it("an unknown model names --list-models", async () => {
    const result = await world.run(["-p", "--model", "nothing-like-this", "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/--list-models/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("a missing key names the environment variable and --api-key", async () => {
    const result = await world.run(["-p", "--model", "anthropic/claude-opus-4-7", "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/ANTHROPIC_API_KEY/);
    expect(result.stderr).toMatch(/--api-key/);
  });

  it("a 401 from the provider is reported without a stack trace", async () => {
    world.mock.enqueue({ error: { status: 401, body: { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } } } });
    const result = await world.run(["-p", ...MODEL, "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/401/);
    expect(result.stderr).toMatch(/invalid x-api-key/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("a refused connection is reported", async () => {
    await world.mock.close();
    // retrying a refused connection with the default backoff would take 14 s; the message is the same
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ retry: { enabled: false } }));
    const result = await world.run(["-p", ...MODEL, "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr.length).toBeGreaterThan(0);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("a malformed stream is reported", async () => {
    world.mock.enqueue({ text: "partial answer", malformed: true });
    const result = await world.run(["-p", ...MODEL, "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().length).toBeGreaterThan(0);
  });

  it("a missing @file is named", async () => {
    const result = await world.run(["-p", ...MODEL, "@missing.txt", "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/missing\.txt/);
  });
});

describe("the small commands", () => {
  it("lists the models of providers that have a key, filtered by a search", async () => {
    const all = await world.run(["--list-models"]);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/mock-model/);
    expect(all.stdout).not.toMatch(/claude/);
    const filtered = await world.run(["--list-models", "nothing-matches-this"]);
    expect(filtered.stdout).not.toMatch(/mock-model/);
  });
});

describe("boot timing", () => {
  it("PITH_TIMING=1 prints a tree on stderr: work before boot, each plugin's import and setup, each extension file; stdout holds only the answer", async () => {
    await mkdir(join(world.agentDir, "extensions"), { recursive: true });
    await writeFile(join(world.agentDir, "extensions", "timed.ts"), "export default function (pi) { pi.registerCommand('timed', { handler: async () => {} }); }\n");
    world.mock.enqueue({ text: "hi" });
    const result = await world.run(["-p", ...MODEL, "hello"], { env: { PITH_TIMING: "1" } });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("hi\n");
    const ms = "\\s+[\\d.]+ ms";
    expect(result.stderr).toMatch(new RegExp(`\\n  before boot${ms}\\n    settings${ms}\\n    project trust${ms}\\n    session file${ms}\\n`));
    for (const plugin of ["settings", "models", "provider-anthropic", "tools", "system-prompt", "output-text"]) {
      expect(result.stderr).toMatch(new RegExp(`\\n    ${plugin}${ms}\\n      import${ms}\\n      setup${ms}\\n`));
    }
    // the extensions plugin's setup, broken down: finding the files, then per file its import and factory
    expect(result.stderr).toMatch(new RegExp(`\\n    extensions${ms}\\n      import${ms}\\n      setup${ms}\\n        find extensions${ms}\\n        \\S*timed\\.ts${ms}\\n          import${ms}\\n          factory${ms}\\n`));
  });
});

describe("SIGINT", () => {
  it("aborts the run and exits 130", async () => {
    world.mock.enqueue({ toolCalls: [{ name: "bash", arguments: { command: "sleep 30" } }] }, { text: "never" });
    let sent = false;
    const result = await world.run(["--mode", "json", ...MODEL, "wait"], {
      onSpawn(child) {
        child.stdout!.on("data", (chunk: Buffer) => {
          if (!sent && chunk.toString().includes('"tool_execution_start"')) {
            sent = true;
            child.kill("SIGINT");
          }
        });
      },
    });
    expect(sent).toBe(true);
    expect(result.code).toBe(130);
    const events = jsonLines(result.stdout);
    // Every line written is a complete event, ending with the aborted tool's result and agent_end.
    expect(events.slice(-2).map((event) => event.type)).toEqual(["agent_end", "agent_settled"]);
    expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: true });
    const toolEnd = events.find((event) => event.type === "tool_execution_end") as { isError: boolean };
    expect(toolEnd.isError).toBe(true);
    expect(world.mock.requests).toHaveLength(1);
  });
});
