import { existsSync } from "node:fs";
import { chmod, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolResult } from "../../kernel/tool.js";
import { createBashTool } from "../../plugins/tools/index.js";
import { runError, runOk, runTool, tempDir, textOf } from "./harness.js";
import { eventually, isAlive, readPid } from "./process-helpers.js";

const tempLogs: string[] = [];
afterEach(async () => {
  await Promise.all(tempLogs.splice(0).map((path) => rm(path, { force: true })));
});

function fullOutputPath(result: ToolResult): string {
  const path = (result.details as { fullOutputPath?: string } | undefined)?.fullOutputPath;
  if (!path) throw new Error("no fullOutputPath in details");
  tempLogs.push(path);
  return path;
}

describe("bash: running commands", () => {
  it("returns stdout and stderr in the tool's cwd", async () => {
    const cwd = await tempDir();
    const { text } = await runOk(createBashTool({ cwd }), { command: "pwd; echo oops >&2" });
    // two pipes: each stream keeps its order, the interleaving between them is the kernel's
    expect(text.split("\n").sort()).toEqual(["", cwd, "oops"].sort());
  });

  it("says when there was no output", async () => {
    expect((await runOk(createBashTool({ cwd: await tempDir() }), { command: "true" })).text).toBe("(no output)");
  });

  it("turns a non-zero exit into an error result that keeps the output and its structured content (pi 1.6.0)", async () => {
    const bash = createBashTool({ cwd: await tempDir() });
    const failed = await runOk(bash, { command: "echo partial; exit 3" });
    expect(failed.text).toBe("partial\n\n\nCommand exited with code 3");
    expect(failed.result).toMatchObject({ isError: true, structuredContent: { output: "partial\n", truncated: false, exit_code: 3 } });
    expect((await runOk(bash, { command: "exit 1" })).text).toBe("(no output)\n\nCommand exited with code 1");
    const passed = await runOk(bash, { command: "printf done" });
    expect(passed.result.isError).toBeUndefined();
    expect(passed.result.structuredContent).toEqual({ output: "done", truncated: false, exit_code: 0, wall_time_seconds: expect.any(Number) });
  });

  it("reports a command killed by a signal it did not get from us", async () => {
    const error = await runError(createBashTool({ cwd: await tempDir() }), { command: "kill -SEGV $$" });
    expect(error).toBe("(no output)\n\nCommand was killed by signal SIGSEGV");
  });

  it("marks the environment and applies the command prefix", async () => {
    const bash = createBashTool({ cwd: await tempDir(), commandPrefix: "GREETING=hello" });
    const { text } = await runOk(bash, { command: 'echo "$PITH_CODING_AGENT $PI_CODING_AGENT $GREETING"' });
    expect(text).toBe("true true hello\n");
  });

  it("uses the configured shell and refuses a missing one", async () => {
    const cwd = await tempDir();
    const sh = await runOk(createBashTool({ cwd, shellPath: "/bin/sh" }), { command: "echo via sh" });
    expect(sh.text).toBe("via sh\n");
    expect(await runError(createBashTool({ cwd, shellPath: join(cwd, "no-shell") }), { command: "true" })).toBe(
      `Custom shell path not found: ${join(cwd, "no-shell")}. Fix or remove the shellPath setting.`,
    );
    await writeFile(join(cwd, "not-executable"), "");
    await chmod(join(cwd, "not-executable"), 0o644);
    const error = await runError(createBashTool({ cwd, shellPath: join(cwd, "not-executable") }), { command: "true" });
    expect(error).toMatch(/^Could not start .*not-executable: spawn .*EACCES/);
  });

  it("refuses a working directory that does not exist", async () => {
    const missing = join(await tempDir(), "gone");
    expect(await runError(createBashTool({ cwd: missing }), { command: "true" })).toBe(
      `Working directory does not exist: ${missing}\nCannot execute bash commands.`,
    );
  });

  it("validates its arguments", async () => {
    const bash = createBashTool({ cwd: await tempDir() });
    expect(await runError(bash, {})).toContain("command: required string is missing");
    expect(await runError(bash, { command: "true", timeout: -1 })).toContain("timeout: Too small");
    expect((await runOk(bash, { command: "echo $((1+1))", timeout: "5" })).text).toBe("2\n");
    // beyond setTimeout's range: no timeout rather than an immediate one
    expect((await runOk(bash, { command: "echo ok", timeout: 1e9 })).text).toBe("ok\n");
  });
});

describe("bash: long output", () => {
  it("keeps the last 2000 lines and saves everything to a temp file", async () => {
    const { text, result } = await runOk(createBashTool({ cwd: await tempDir() }), { command: "seq 1 5000" });
    const path = fullOutputPath(result);
    expect(path).toMatch(/pith-bash-[0-9a-f]{16}\.log$/);
    expect(text.startsWith("3002\n")).toBe(true);
    expect(text.endsWith(`5000\n\n\n[Showing lines 3002-5001 of 5001. Full output: ${path}]`)).toBe(true);
    expect(await readFile(path, "utf-8")).toBe(`${Array.from({ length: 5000 }, (_, i) => i + 1).join("\n")}\n`);
    expect(result.details).toMatchObject({ truncation: { truncatedBy: "lines", totalLines: 5001, outputLines: 2000 } });
  });

  it("keeps memory bounded on large outputs while counting every line", async () => {
    const { text, result } = await runOk(createBashTool({ cwd: await tempDir() }), { command: "seq 1 100000" });
    const path = fullOutputPath(result);
    expect(text.startsWith("98002\n")).toBe(true);
    expect(text.endsWith(`100000\n\n\n[Showing lines 98002-100001 of 100001. Full output: ${path}]`)).toBe(true);
    expect((await readFile(path, "utf-8")).split("\n")).toHaveLength(100001);
    // programs get the whole output (up to 1 MB), not the tail
    expect(result.structuredContent).toMatchObject({ output: await readFile(path, "utf-8"), truncated: false });
  });

  it("gives programs the first and last half megabyte of a longer output, and the log's path", async () => {
    const { result } = await runOk(createBashTool({ cwd: await tempDir() }), { command: "seq 1 300000" });
    const path = fullOutputPath(result);
    const structured = result.structuredContent as { output: string; truncated: boolean; full_output_path: string };
    const whole = await readFile(path, "utf-8");
    expect(structured).toMatchObject({ truncated: true, full_output_path: path });
    const [head, tail] = structured.output.split(/\n\n\[\.\.\. \d+ bytes omitted \.\.\.\]\n\n/);
    expect(head!.length).toBe(512 * 1024);
    expect(whole.startsWith(head!)).toBe(true);
    expect(whole.endsWith(tail!)).toBe(true);
    expect(structured.output).toContain(`[... ${whole.length - 1024 * 1024} bytes omitted ...]`);
  });

  it("cuts at 50KB of whole lines", async () => {
    const command = `for i in $(seq 1 1000); do printf '%099d\\n' $i; done`;
    const { text, result } = await runOk(createBashTool({ cwd: await tempDir() }), { command });
    const path = fullOutputPath(result);
    expect(text).toMatch(/\n\n\[Showing lines 489-1001 of 1001 \(50\.0KB limit\)\. Full output: .*\]$/);
    expect((await readFile(path, "utf-8")).length).toBe(100_000);
  });

  it("shows the end of one huge line", async () => {
    const { text, result } = await runOk(createBashTool({ cwd: await tempDir() }), {
      command: "head -c 100000 /dev/zero | tr '\\0' a",
    });
    const path = fullOutputPath(result);
    expect(text).toBe(`${"a".repeat(51200)}\n\n[Showing last 50.0KB of line 1 (line is 97.7KB). Full output: ${path}]`);
  });

  it("streams output while the command runs", async () => {
    const cwd = await tempDir();
    const updates: string[] = [];
    const { text } = await runOk(
      createBashTool({ cwd }),
      { command: "echo first; while [ ! -f go ]; do sleep 0.02; done; echo second" },
      {
        onUpdate(partial) {
          const seen = textOf(partial.content);
          updates.push(seen);
          if (seen.includes("first") && !existsSync(join(cwd, "go"))) void writeFile(join(cwd, "go"), "");
        },
      },
    );
    expect(text).toBe("first\nsecond\n");
    // pi 1.6.0's first update is empty, sent before any output
    expect(updates.slice(0, 2)).toEqual(["", "first\n"]);
    expect(updates.at(-1)).toBe("first\nsecond\n");
  });
});

describe("bash: stopping", () => {
  it("kills the whole process tree on timeout", async () => {
    const cwd = await tempDir();
    const error = await runError(createBashTool({ cwd }), {
      command: "echo started; sh -c 'sleep 30 & echo $! > grandchild.pid; wait'",
      timeout: 0.5,
    });
    expect(error).toBe("started\n\n\nCommand timed out after 0.5 seconds");
    const pid = readPid(join(cwd, "grandchild.pid"));
    expect(pid).toBeDefined();
    // the tool returns only once the group is empty
    expect(isAlive(pid!)).toBe(false);
  });

  it("kills the whole process tree on abort", async () => {
    const cwd = await tempDir();
    const controller = new AbortController();
    const running = runTool(
      createBashTool({ cwd }),
      { command: "sh -c 'sleep 30 & echo $! > grandchild.pid; wait'" },
      { signal: controller.signal },
    );
    expect(await eventually(() => readPid(join(cwd, "grandchild.pid")) !== undefined)).toBe(true);
    const pid = readPid(join(cwd, "grandchild.pid"))!;
    expect(isAlive(pid)).toBe(true);
    controller.abort();
    expect(await running).toEqual({ ok: false, error: "Command aborted" });
    expect(isAlive(pid)).toBe(false);
  });

  it("follows SIGTERM with SIGKILL for processes that ignore it", async () => {
    const cwd = await tempDir();
    const error = await runError(createBashTool({ cwd, killGraceMs: 200 }), {
      command: "trap '' TERM; sh -c 'sleep 30 & echo $! > stubborn.pid; wait'",
      timeout: 0.3,
    });
    expect(error).toBe("Command timed out after 0.3 seconds");
    const pid = readPid(join(cwd, "stubborn.pid"));
    expect(pid).toBeDefined();
    expect(await eventually(() => !isAlive(pid!))).toBe(true);
  });

  it("does not start when already aborted", async () => {
    const cwd = await tempDir();
    const controller = new AbortController();
    controller.abort();
    const error = await runError(createBashTool({ cwd }), { command: "touch ran" }, { signal: controller.signal });
    expect(error).toBe("Operation aborted");
    expect(existsSync(join(cwd, "ran"))).toBe(false);
  });
});
