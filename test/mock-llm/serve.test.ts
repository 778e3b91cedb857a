// The command-line server in its own process: scripts and fallback from files, URL on stdout, clear failures (one
// process shows the exit code and the message; the options' other checks run in this process).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { MockLlm } from "../support/mock-llm/index.js";
import { readServeOptions } from "../support/mock-llm/serve-options.js";
import { anthropicClient, openAiClient } from "./clients.js";

const JITI = fileURLToPath(new URL("../../node_modules/jiti/lib/jiti-cli.mjs", import.meta.url));
const SERVE = fileURLToPath(new URL("../support/mock-llm/serve.ts", import.meta.url));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pith-mock-llm-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

function start(args: string[]): ChildProcess {
  return spawn(process.execPath, [JITI, SERVE, ...args], { stdio: ["ignore", "pipe", "pipe"] });
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
    });
    child.on("close", (code) => reject(new Error(`serve.ts exited with ${code} before printing its URL`)));
  });
}

describe("serve.ts", () => {
  test("serves the script file in order, then the fallback, and stops on SIGTERM", { timeout: 20_000 }, async () => {
    const script = await file("script.json", JSON.stringify([{ text: "one" }, { toolCalls: [{ id: "t1", name: "ls", arguments: { path: "." } }] }]));
    const fallback = await file("fallback.json", JSON.stringify({ text: "fallback" }));
    const child = start(["--script", script, "--fallback", fallback, "--port", "0"]);
    const done = exited(child);
    try {
      const url = await firstLine(child);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const mock = { url } as MockLlm;
      const openai = openAiClient(mock);
      const chat = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
      expect(chat.choices[0]?.message.content).toBe("one");
      const message = await anthropicClient(mock).messages.create({ model: "m", max_tokens: 8, messages: [{ role: "user", content: "x" }] });
      expect(message.content).toMatchObject([{ type: "tool_use", id: "t1", input: { path: "." } }]);
      expect((await openai.responses.create({ model: "m", input: "x" })).output_text).toBe("fallback");
    } finally {
      child.kill("SIGTERM");
    }
    expect((await done).code).toBe(0);
  });

  const badInputs: [string, () => Promise<string[]>, RegExp][] = [
    ["an unknown option", async () => ["--verbose"], /--verbose[\s\S]*usage: serve\.ts/],
    ["a port that is not a number", async () => ["--port", "abc"], /--port must be a whole number/],
    ["a script file that does not exist", async () => ["--script", join(dir, "missing.json")], /missing\.json cannot be read/],
    ["a script file that is not JSON", async () => ["--script", await file("broken.json", "[{")], /broken\.json is not valid JSON/],
    ["a script file that is not an array", async () => ["--script", await file("object.json", "{}")], /must hold a JSON array/],
    ["a reply with a misspelled field", async () => ["--script", await file("typo.json", '[{"text":"ok"},{"txt":"x"}]')], /reply 2 of .*typo\.json.*txt/],
    ["a bad fallback", async () => ["--fallback", await file("fallback-bad.json", '{"stopReason":"end"}')], /--fallback .*stopReason/],
  ];
  test("exits with code 2 and says why on bad input", { timeout: 20_000 }, async () => {
    const { code, stderr } = await exited(start(["--verbose"]));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^mock-llm: MOCK_LLM_BAD_ARGUMENT: .*--verbose/);
  });
  test.each(badInputs)("refuses %s, saying why", async (_name, args, message) => {
    await expect(readServeOptions(await args())).rejects.toThrow(message);
  });
});
