// pi's RpcClient (pith's, as extensions import it) when its CLI goes away: a request written after the child closed
// its stdin and before it exited failed with the pipe's EPIPE; it fails with the child's exit (code, signal and
// stderr), which says what happened. served-process-helpers.test.ts met the race once in a full run.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it, vi } from "vitest";
import { RpcClient } from "../../plugins/extensions/shims/coding-agent/rpc-client.js";
import { removeAfterTest } from "../support/temp-folders.js";

it("reports the CLI's exit, not the broken pipe, for a request sent as the CLI ends", async () => {
  const folder = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-rpc-exit-")));
  const cli = join(folder, "closing.cjs");
  // stdin closed at once (a request written now breaks the pipe), the exit a moment later
  writeFileSync(cli, `require("node:fs").closeSync(0); process.stderr.write("going away\\n"); setTimeout(() => process.exit(3), 300);`);
  const client = new RpcClient({ cliPath: cli, cwd: folder });
  const passedOn = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    await client.start();
    await expect(client.getState()).rejects.toThrow(/^Agent process exited \(code=3 signal=null\)\. Stderr: going away\n$/);
    await client.stop();
  } finally {
    passedOn.mockRestore();
  }
});
