// Issue 18's failures, each through the real CLI against the mock LLM: what the model may ask the tools to do to
// a machine, and what a broken provider answers, ends with a clear message and leaves files as they were.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, mkdir, readdir, readFile, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, jsonLines, type CliWorld } from "../cli/cli-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ retry: { maxRetries: 2, baseDelayMs: 10 } }));
});
afterEach(async () => {
  await world.close();
});

const MODEL = ["--model", "mock/mock-model"];

/**
 * The model calls every tool of `calls` in one reply, then says "done": one CLI run under a 256 MB heap for all of
 * them. Resolves each call's result text and whether it was an error, by the path it was given.
 */
async function toolOutcomes(calls: { name: string; arguments: { path: string } & Record<string, unknown> }[]): Promise<Map<string, { text: string; isError: boolean }>> {
  world.mock.enqueue({ toolCalls: calls }, { text: "done" });
  const result = await world.run(["--mode", "json", ...MODEL, "go"], { env: { NODE_OPTIONS: "--max-old-space-size=256" } });
  expect(result.code).toBe(0);
  const events = jsonLines(result.stdout);
  const pathOf = new Map(events.filter((event) => event.type === "tool_execution_start").map((event) => [event.toolCallId, (event.args as { path: string }).path]));
  const outcomes = new Map<string, { text: string; isError: boolean }>();
  for (const end of events.filter((event) => event.type === "tool_execution_end")) {
    const content = (end.result as { content: { type: string; text?: string }[] }).content;
    outcomes.set(pathOf.get(end.toolCallId)!, { text: content.map((block) => block.text ?? "").join("\n"), isError: end.isError === true });
  }
  expect([...outcomes.keys()].sort()).toEqual(calls.map((call) => call.arguments.path).sort());
  return outcomes;
}

describe("tools on hostile files, through the CLI", () => {
  // one run for all five (a CLI start each cost more than the checks): /dev/zero is refused by type; a 1.5 GB sparse
  // file is called binary without being read; a 200 MB log is paged under the 256 MB heap instead of held; a FIFO
  // does not wait for a writer; edit refuses a binary file and leaves it byte for byte
  it("read refuses a device, a sparse image and a FIFO, pages a 200 MB log under a 256 MB heap; edit leaves a binary file alone", async () => {
    const image = join(world.project, "disk.img");
    await writeFile(image, "");
    await truncate(image, 1.5 * 1024 ** 3);
    const log = join(world.project, "huge.log");
    const block = Buffer.from(`${"0123456789".repeat(10)}\n`.repeat(10_000));
    for (let index = 0; index < 200; index++) await appendFile(log, block);
    execFileSync("mkfifo", [join(world.project, "pipe")]);
    const bytes = Buffer.concat([Buffer.from("head\r\n"), Buffer.from([0x00, 0xc3, 0x28, 0xff]), Buffer.from("\nkey=old\n")]);
    await writeFile(join(world.project, "data.bin"), bytes);

    const outcomes = await toolOutcomes([
      { name: "read", arguments: { path: "/dev/zero" } },
      { name: "read", arguments: { path: "disk.img" } },
      { name: "read", arguments: { path: "huge.log", offset: 1_999_999 } },
      { name: "read", arguments: { path: "pipe" } },
      { name: "edit", arguments: { path: "data.bin", edits: [{ oldText: "old", newText: "new" }] } },
    ]);
    expect(outcomes.get("/dev/zero")).toEqual({ isError: true, text: expect.stringContaining("it is a character device, not a regular file") });
    expect(outcomes.get("disk.img")).toEqual({ isError: true, text: expect.stringContaining("it is a binary file (1536.0MB)") });
    expect(outcomes.get("huge.log")).toEqual({ isError: false, text: `${"0123456789".repeat(10)}\n${"0123456789".repeat(10)}\n` });
    expect(outcomes.get("pipe")!.text).toContain("it is a named pipe (FIFO)");
    expect(outcomes.get("data.bin")).toEqual({ isError: true, text: expect.stringContaining("Cannot edit data.bin: it is a binary file") });
    expect(await readFile(join(world.project, "data.bin"))).toEqual(bytes);
  });
});

describe("provider failures, through the CLI", () => {
  it("an HTML page with status 200 is named as such, once, and not retried", async () => {
    world.mock.enqueue({
      error: { status: 200, body: "<!doctype html><title>Sign in</title>", headers: { "content-type": "text/html; charset=utf-8" } },
    });
    const result = await world.run(["-p", ...MODEL, "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `pith: The server at ${world.mock.url} answered with an HTML page (HTTP 200), not the API: check the baseUrl of provider "mock" (models.json) and any proxy in between\n`,
    );
    expect(world.mock.requests).toHaveLength(1);
  });

  it("a provider error that outlasts the retries is printed once, saying retries were made", async () => {
    const failing = { error: { status: 500, message: "Internal server error" } };
    world.mock.enqueue(failing, failing, failing);
    const result = await world.run(["-p", ...MODEL, "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("pith: 500 api_error: Internal server error (gave up after 2 retries)\n");
  });

  it("an error that is not retried is printed once, as it came", async () => {
    world.mock.enqueue({ error: { status: 400, message: "bad thing" } });
    const result = await world.run(["-p", ...MODEL, "hi"]);
    expect(result.stderr).toBe("pith: 400 invalid_request_error: bad thing\n");
  });
});

describe("a provider that goes silent, through the CLI", () => {
  const settings = (provider: Record<string, number>, others: Record<string, unknown> = {}) =>
    writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ retry: { maxRetries: 2, baseDelayMs: 10, provider }, ...others }));

  it("with httpIdleTimeoutMs set, a silent request is abandoned and retried", async () => {
    await settings({}, { httpIdleTimeoutMs: 300 });
    world.mock.enqueue({ text: "never finished", delayMs: 5_000 }, { text: "recovered" });
    const result = await world.run(["--mode", "json", ...MODEL, "hi"]);
    expect(result.code).toBe(0);
    const events = jsonLines(result.stdout);
    expect(events.find((event) => event.type === "auto_retry_start")).toMatchObject({
      attempt: 1,
      errorMessage: "No data from the provider for 300 ms (httpIdleTimeoutMs, retry.provider.timeoutMs); the request was abandoned",
    });
    expect(events.find((event) => event.type === "auto_retry_end")).toMatchObject({ success: true });
    expect(world.mock.requests).toHaveLength(2);
  });

  it("the timeout counts silence, not the length of the reply", async () => {
    await settings({ timeoutMs: 1_500 });
    world.mock.enqueue({ text: ["one ", "two ", "three ", "four ", "five"], delayMs: 250 });
    const result = await world.run(["-p", ...MODEL, "hi"]);
    expect(result).toMatchObject({ code: 0, stdout: "one two three four five\n" });
    expect(world.mock.requests).toHaveLength(1);
  });

  it("gives up with the timeout named when every attempt is silent", async () => {
    await settings({ timeoutMs: 200 });
    const silent = { text: "x", delayMs: 5_000 };
    world.mock.enqueue(silent, silent, silent);
    const result = await world.run(["-p", ...MODEL, "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "pith: No data from the provider for 200 ms (httpIdleTimeoutMs, retry.provider.timeoutMs); the request was abandoned (gave up after 2 retries)\n",
    );
  });
});

describe("bash's full-output logs, through the CLI", () => {
  // one run for both (the sweep happens when a process makes its first log, which this run does): a folder a killed
  // process left behind is swept, an unrelated file beside it is kept, and the run's own folder is gone at its exit
  it("are readable during the session and gone, folder and all, when the process ends; a killed process's are swept by the next that writes one", async () => {
    const temp = join(world.home, "tmp");
    await mkdir(temp);
    const dead = spawnSync("true").pid!;
    const leftover = join(temp, `pith-output-${dead}-0badf00d`);
    await mkdir(leftover);
    await writeFile(join(leftover, "pith-bash-0123456789abcdef.log"), "x".repeat(1000));
    await writeFile(join(temp, "pith-output-notes.txt"), "kept");
    const fullOutputPath = (body: unknown) => /Full output: (\S+\.log)\]/.exec(JSON.stringify(body))?.[1];
    world.mock.enqueue(
      { toolCalls: [{ name: "bash", arguments: { command: "seq 1 200000" } }] },
      (request) => ({ toolCalls: [{ name: "read", arguments: { path: fullOutputPath(request.body)!, offset: 199_999 } }] }),
      { text: "done" },
    );
    const result = await world.run(["--mode", "json", ...MODEL, "go"], { env: { TMPDIR: temp } });
    expect(result.code).toBe(0);
    const ends = jsonLines(result.stdout).filter((event) => event.type === "tool_execution_end");
    expect(ends.map((event) => event.isError)).toEqual([false, false]);
    expect(JSON.stringify(ends[1]!.result)).toContain("199999\\n200000");
    expect(fullOutputPath(ends[0]!.result)!.startsWith(join(temp, "pith-output-"))).toBe(true);
    expect(await readdir(temp)).toEqual(["pith-output-notes.txt"]);
  });
});

describe("two runs on one session file, through the CLI", () => {
  const slowReply = (text: string) => ({ text: [text.slice(0, 3), text.slice(3)], delayMs: 400 });

  it("a new file: both conversations are kept, the second in a sibling file it names, or the later run is refused", async () => {
    world.mock.enqueue(slowReply("answer one"), slowReply("answer two"));
    const file = join(world.project, "shared.jsonl");
    const [first, second] = await Promise.all([
      world.run(["-p", ...MODEL, "--session", file, "prompt A"]),
      world.run(["-p", ...MODEL, "--session", file, "prompt B"]),
    ]);
    const sibling = join(world.project, "shared-2.jsonl");
    const refused = [first, second].filter((run) => run.code !== 0);
    if (refused.length === 0) {
      // both opened the file before either wrote it: the second to write moves aside
      expect(first.stderr + second.stderr).toBe(
        `pith: warning: ${file}: another process started this session file meanwhile; this session is saved as ${sibling}\n`,
      );
      const prompts = [await readFile(file, "utf-8"), await readFile(sibling, "utf-8")].map((text) => /"prompt ([AB])"/.exec(text)?.[1]);
      expect(prompts.sort()).toEqual(["A", "B"]);
    } else {
      // one started after the other had written the file: it found an existing session being written, and nothing of
      // its own run happened (a loaded machine can start the two processes that far apart)
      expect(refused).toHaveLength(1);
      expect(refused[0]!.code).toBe(1);
      expect(refused[0]!.stderr).toMatch(new RegExp(`^pith: Session file ${file} is being written by process \\d+ on `));
      expect(existsSync(sibling)).toBe(false);
      const kept = /"prompt ([AB])"/.exec(await readFile(file, "utf-8"))?.[1];
      expect(kept).toBe(refused[0] === first ? "B" : "A");
    }
  });

  it("an existing file: the second run is refused with the lock's own message", async () => {
    const file = join(world.project, "existing.jsonl");
    world.mock.enqueue({ text: "first" }, slowReply("held for a while"));
    expect((await world.run(["-p", ...MODEL, "--session", file, "start"])).code).toBe(0);
    const holder = world.run(["-p", ...MODEL, "--session", file, "continue"]);
    // the holder takes the lock when it opens the file, before its slow reply
    for (let waited = 0; !existsSync(`${file}.lock`) && waited < 15_000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
    const refused = await world.run(["-p", ...MODEL, "--session", file, "also continue"]);
    expect((await holder).code).toBe(0);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`^pith: Session file ${file} is being written by process \\d+ on `));
  });
});
