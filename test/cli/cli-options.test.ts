// pi 1.6.0's command line in pith, through the real CLI: option errors said once and as option errors, tool
// selection (patterns, +name/-name, -xt, unknown names), `--`, --session-id, -n, and Ctrl-C's message.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "./cli-harness.js";

const MODEL = ["--model", "mock/mock-model"];
let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(() => world.close());

/** the tool names of the nth request to the model */
const toolsSent = (index: number) => ((world.mock.requests[index]!.body as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name);

describe("option errors", () => {
  it("an unknown option is an option error, said once, with no start-up noise", async () => {
    const result = await world.run(["-p", ...MODEL, "--bogus", "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("pith: Unknown option: --bogus (run pith --help for the options, extension flags included)\n");
    expect(world.mock.requests).toHaveLength(0);
    // without --model too (print-mode's check, moved here)
    const bare = await world.run(["-p", "--frobnicate", "hi"]);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toMatch(/--frobnicate/);
  });

  it("a bad option value is reported once, by pith", async () => {
    const result = await world.run(["--mode", "nope", "-p", "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      "pith: option '--mode <mode>' argument 'nope' is invalid. Allowed choices are text, json, rpc. (run pith --help for the options)",
    ]);
  });

  it("--tools cannot mix names with +name/-name entries", async () => {
    const result = await world.run(["-p", ...MODEL, "--tools", "read,+grep", "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("pith: --tools: tool names cannot be mixed with +name or -name entries\n");
  });
});

describe("--help", () => {
  it("lists the flags the configured extensions register (pi 1.6.0); --version loads no extension", async () => {
    const loaded = join(world.home, "plan.loaded");
    await mkdir(join(world.agentDir, "extensions"), { recursive: true });
    await writeFile(
      join(world.agentDir, "extensions", "plan.ts"),
      `import { appendFileSync } from "node:fs";
export default function (pi) {
  appendFileSync(${JSON.stringify(loaded)}, "x");
  pi.registerFlag("plan", { description: "start in plan mode", type: "boolean", default: false });
  pi.registerFlag("plan-file", { type: "string" });
}\n`,
    );
    const help = await world.run(["--help", "--plan"]);
    expect(help.code).toBe(0);
    expect(help.stderr).toBe("");
    const section = help.stdout.slice(help.stdout.indexOf("Extension flags:"), help.stdout.indexOf("Packages:"));
    expect(section.split("\n").map((line) => line.replace(/\s+/g, " ").trimEnd())).toEqual([
      "Extension flags:",
      " --plan start in plan mode",
      ` --plan-file <value> registered by ${join(world.agentDir, "extensions", "plan.ts")}`,
      "",
      "",
    ]);
    expect(help.stdout).toMatch(/^ {2}-h, --help +show this help and exit$/m);
    expect(help.stdout).toMatch(/--list-models/);
    expect(help.stdout).toMatch(/--append-system-prompt/);
    expect(await readFile(loaded, "utf8")).toBe("x"); // once: no session_start work, no second load

    const version = await world.run(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(await readFile(loaded, "utf8")).toBe("x");
    // -ne without -e: nothing to load, nothing listed
    const bare = await world.run(["-h", "-ne"]);
    expect(bare.stdout).not.toContain("Extension flags:");
    expect(await readFile(loaded, "utf8")).toBe("x");
  });
});

describe("tool selection", () => {
  it("--tools nosuchtool names the unknown tool", async () => {
    world.mock.enqueue({ text: "ok" });
    const result = await world.run(["-p", ...MODEL, "--tools", "read,nosuchtool", "hi"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('pith: warning: no tool is named "nosuchtool" (tools: read, bash, edit, write, grep, find, ls)');
    expect(toolsSent(0)).toEqual(["read"]);
  });

  it("patterns, +name/-name changes to the defaults, and -xt", async () => {
    world.mock.enqueue({ text: "1" }, { text: "2" }, { text: "3" });
    expect((await world.run(["-p", ...MODEL, "--tools", "*e*", "hi"])).stderr).toBe("");
    expect(toolsSent(0)).toEqual(["read", "edit", "write", "grep"]);
    await world.run(["-p", ...MODEL, "-t", "+grep,-write", "hi"]);
    expect(toolsSent(1)).toEqual(["read", "bash", "edit", "grep"]);
    await world.run(["-p", ...MODEL, "-xt", "b*,edit", "hi"]);
    expect(toolsSent(2)).toEqual(["read", "write"]);
  });

  it("defaultTools in the settings changes the defaults; a trusted project's +/- entries apply on top", async () => {
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ defaultTools: ["read", "grep"] }));
    await mkdir(join(world.project, ".pi"), { recursive: true });
    await writeFile(join(world.project, ".pi", "settings.json"), JSON.stringify({ defaultTools: ["+ls", "-read"] }));
    world.mock.enqueue({ text: "1" }, { text: "2" });
    await world.run(["-p", ...MODEL, "hi"]);
    expect(toolsSent(0)).toEqual(["read", "grep"]);
    await world.run(["-p", "-a", ...MODEL, "hi"]);
    expect(toolsSent(1)).toEqual(["grep", "ls"]);
  });
});

describe("a resumed session's tools", () => {
  it("are the ones it recorded: +name/-name and -xt apply on top, defaultTools does not, named --tools replaces them", async () => {
    const session = join(world.home, "tools.jsonl");
    world.mock.enqueue({ text: "1" }, { text: "2" }, { text: "3" }, { text: "4" });
    await world.run(["-p", ...MODEL, "--session", session, "--tools", "read,grep", "one"]);
    expect(toolsSent(0)).toEqual(["read", "grep"]);
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ defaultTools: ["read", "bash"] }));
    expect((await world.run(["-p", ...MODEL, "--session", session, "-t", "+ls,-read", "two"])).stderr).toBe("");
    expect(toolsSent(1)).toEqual(["grep", "ls"]);
    await world.run(["-p", ...MODEL, "--session", session, "-xt", "ls", "three"]);
    expect(toolsSent(2)).toEqual(["grep"]);
    await world.run(["-p", ...MODEL, "--session", session, "--tools", "bash", "four"]);
    expect(toolsSent(3)).toEqual(["bash"]);
  });
});

describe("thinking levels", () => {
  it("a model's own level in modelThinkingLevels is the level a new session starts with", async () => {
    await writeMockModels(world, [{ id: "claude-sonnet-4-6", reasoning: true, contextWindow: 200000, maxTokens: 8192 }]);
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ defaultThinkingLevel: "high", modelThinkingLevels: { "mock/claude-sonnet-4-6": "low" } }));
    world.mock.enqueue({ text: "ok" });
    const session = join(world.home, "own-level.jsonl");
    expect((await world.run(["-p", "--model", "mock/claude-sonnet-4-6", "--session", session, "hi"])).stderr).toBe("");
    const entries = (await readFile(session, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((entry) => entry.type === "thinking_level_change")).toMatchObject({ thinkingLevel: "low" });
  });

  it("--thinking max reaches a model whose map names max, is stored as the session's level, and clamps elsewhere", async () => {
    await writeMockModels(world, [
      { id: "claude-opus-5", reasoning: true, thinkingLevelMap: { xhigh: "xhigh", max: "max" }, contextWindow: 200000, maxTokens: 8192 },
      { id: "claude-sonnet-4-6", reasoning: true, contextWindow: 200000, maxTokens: 8192 },
    ]);
    // the unknown level is only warned about and the run goes on to the model: without a reply of its own it waited
    // through the retry plugin's back-off on the mock's "no scripted reply" error
    world.mock.enqueue({ text: "deep" }, { text: "less deep" }, { text: "default depth" });
    const session = join(world.home, "max.jsonl");
    expect((await world.run(["-p", "--model", "mock/claude-opus-5", "--thinking", "max", "--session", session, "hi"])).stderr).toBe("");
    expect((world.mock.requests[0]!.body as { output_config?: unknown }).output_config).toEqual({ effort: "max" });
    const entries = (await readFile(session, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((entry) => entry.type === "thinking_level_change")).toMatchObject({ thinkingLevel: "max" });
    expect(entries.find((entry) => entry.type === "message" && (entry.message as { role: string }).role === "assistant")).toMatchObject({ message: { thinkingLevel: "max" } });

    await world.run(["-p", "--model", "mock/claude-sonnet-4-6", "--thinking", "max", "hi"]);
    expect((world.mock.requests[1]!.body as { output_config?: unknown }).output_config).toEqual({ effort: "high" });
    const unknown = await world.run(["-p", "--model", "mock/claude-opus-5", "--thinking", "maximum", "hi"]);
    expect(unknown.stderr).toContain("use one of off, minimal, low, medium, high, xhigh, max.");
    expect(unknown.stdout).toBe("default depth\n");
  });
});

describe("messages and sessions", () => {
  it("-- ends the options: what follows is the message, even when it looks like one", async () => {
    world.mock.enqueue({ text: "ok" });
    const result = await world.run(["-p", ...MODEL, "--", "--version -e x"]);
    expect(result.code).toBe(0);
    expect(JSON.stringify(world.mock.requests[0]!.body)).toContain("--version -e x");
  });

  it("--session-id creates the folder's session with that id, then opens it; -n names it", async () => {
    world.mock.enqueue({ text: "first" }, { text: "second" });
    expect((await world.run(["-p", ...MODEL, "--session-id", "fix-login.1", "-n", "Login fix", "one"])).code).toBe(0);
    expect((await world.run(["-p", ...MODEL, "--session-id", "fix-login.1", "two"])).code).toBe(0);
    const folder = join(world.agentDir, "sessions");
    const [projectFolder] = await readdir(folder);
    const files = (await readdir(join(folder, projectFolder!))).filter((name) => name.endsWith(".jsonl"));
    expect(files).toHaveLength(1);
    const lines = (await readFile(join(folder, projectFolder!, files[0]!), "utf8")).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: "session", id: "fix-login.1" });
    expect(lines.filter((line) => line.type === "session_info")).toEqual([expect.objectContaining({ name: "Login fix" })]);
    expect(JSON.stringify(world.mock.requests[1]!.body)).toContain("first"); // the second run resumed the first
  });

  it("--session-id refuses ids pi would refuse, and --continue beside it", async () => {
    const bad = await world.run(["-p", ...MODEL, "--session-id", "-oops", "hi"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--session-id "-oops": use letters, digits');
    const clash = await world.run(["-p", ...MODEL, "--session-id", "a1", "-c", "hi"]);
    expect(clash.stderr).toBe("pith: --session-id cannot be combined with --continue.\n");
  });

  it("Ctrl-C in print mode says why the run ended with pith's prefix, once, and exits 130", async () => {
    world.mock.enqueue({ text: "slow", delayMs: 30_000 });
    let sent = false;
    const result = await world.run(["-p", ...MODEL, "wait"], {
      onSpawn(child) {
        const timer = setInterval(() => {
          if (world.mock.requests.length > 0 && !sent) {
            sent = true;
            child.kill("SIGINT");
            clearInterval(timer);
          }
        }, 20);
        child.on("close", () => clearInterval(timer));
      },
    });
    expect(sent).toBe(true);
    expect(result.code).toBe(130);
    expect(result.stderr).toBe("pith: Request was aborted\n");
  });

  it("Ctrl-C while a tool runs says the same", async () => {
    world.mock.enqueue({ toolCalls: [{ name: "bash", arguments: { command: "sleep 30" } }] }, { text: "never" });
    const result = await world.run(["-p", ...MODEL, "wait"], {
      onSpawn(child) {
        const timer = setInterval(() => {
          if (world.mock.requests.length > 0) {
            clearInterval(timer);
            setTimeout(() => child.kill("SIGINT"), 500);
          }
        }, 20);
        child.on("close", () => clearInterval(timer));
      },
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toBe("pith: Request was aborted\n");
    expect(world.mock.requests).toHaveLength(1);
  });
});

describe("a model with a small context window", () => {
  async function smallWindow(): Promise<void> {
    const file = join(world.agentDir, "models.json");
    const models = JSON.parse(await readFile(file, "utf8")) as { providers: { mock: { models: { contextWindow: number }[] } } };
    models.providers.mock.models[0]!.contextWindow = 32_000;
    await writeFile(file, JSON.stringify(models));
  }

  it("gets the compaction defaults scaled to it without a word; a value the user set is warned about", async () => {
    await smallWindow();
    world.mock.enqueue({ text: "one" }, { text: "two" });
    const quiet = await world.run(["-p", ...MODEL, "hi"]);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe("");

    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ compaction: { reserveTokens: 20000 } }));
    const told = await world.run(["-p", ...MODEL, "hi"]);
    expect(told.stderr).toContain("compaction.reserveTokens (20000) is more than half of the 32000-token context window of mock/mock-model");
    expect(told.stderr).not.toContain("keepRecentTokens");
  });
});
