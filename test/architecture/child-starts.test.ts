// The CPU log's child counting (PITH_TEST_CPU_LOG, support/child-starts.ts) wraps node:child_process for the whole
// worker, so every test file that runs in it sees the wrappers: they must behave as the functions they wrap.
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { countChildStarts, takeChildStarts } from "../support/child-starts.js";

describe("child start counting", () => {
  it("keeps promisify(execFile) resolving to { stdout, stderr } and counts the start", async () => {
    countChildStarts();
    takeChildStarts();
    const { execFile: wrapped } = await import("node:child_process");
    const result = await promisify(wrapped)(process.execPath, ["-e", "process.stdout.write('out'); process.stderr.write('err')"]);
    expect(result).toEqual({ stdout: "out", stderr: "err" });
    expect(takeChildStarts().other).toBe(1);
  });
});
