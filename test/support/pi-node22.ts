// Runs a script under the Node 22 binary (pi 1.6.0 needs Node >= 22.19; pith's tests run on Node 20), from the
// repository root so that pi's installed packages resolve. Used by the tests that compare pith with pi itself.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { NODE22, PI16_CLI, PI16_PACKAGE, REPOSITORY } from "./pi-paths.js";
import { recordedPiRun } from "./pi-runs/recorded-run.js";
import { keyedEnvironment } from "./pi-runs/recording-key.js";
import { runProcess, type ProcessResult } from "./run-process.js";

export { NODE22, PI16_CLI, PI16_PACKAGE, REPOSITORY } from "./pi-paths.js";

/** pi 1.6.0's CLI under Node 22 in a test world's project and environment, offline; its exit and output. */
export function runPiCli(world: { project: string; env: NodeJS.ProcessEnv }, args: string[]): Promise<ProcessResult> {
  return runPiProcess([PI16_CLI, ...args], { cwd: world.project, env: { ...world.env, PI_OFFLINE: "1" } });
}

/** Node 22 with `argv` (pi's CLI and its arguments, or a script of pi's), recorded as test/support/pi-runs says. */
export function runPiProcess(argv: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<ProcessResult> {
  return recordedPiRun({
    label: `pi ${argv.slice(1).join(" ")}`.slice(0, 200),
    input: { argv, cwd: options.cwd, env: keyedEnvironment(options.env) },
    run: () => runProcess(NODE22, argv, options),
  });
}


/**
 * pi 1.6.0's CLI entry (what dist/cli.js runs: `setupCli()`, then `main(args)`) for each argument list in turn, in
 * one Node 22 process in the world's project and environment, offline: each run's stdout and exit code. Loading
 * pi's modules costs about a second of CPU per process, so a file that reads several of pi's pages (its help texts)
 * pays it once. For runs that end the process or leave work behind (a prompt, a login), use runPiCli.
 */
export async function runPiMainEach(world: { project: string; env: NodeJS.ProcessEnv }, runs: string[][]): Promise<{ code: number; stdout: string }[]> {
  const source = `
    import { setupCli } from ${JSON.stringify(join(PI16_PACKAGE, "dist/cli/setup.js"))};
    import { main } from ${JSON.stringify(join(PI16_PACKAGE, "dist/main.js"))};
    setupCli();
    const write = process.stdout.write.bind(process.stdout);
    const exit = process.exit;
    const exited = Symbol("exit");
    const results = [];
    for (const args of ${JSON.stringify(runs)}) {
      let stdout = "";
      let code;
      process.stdout.write = (chunk, ...rest) => {
        stdout += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString();
        rest.find((item) => typeof item === "function")?.();
        return true;
      };
      process.exit = (value) => {
        code = value ?? 0;
        throw exited;
      };
      process.exitCode = undefined;
      try {
        await main(args);
      } catch (error) {
        if (error !== exited) throw error;
      } finally {
        process.stdout.write = write;
        process.exit = exit;
      }
      results.push({ code: code ?? process.exitCode ?? 0, stdout });
    }
    process.exitCode = 0;
    write(JSON.stringify(results), () => process.exit(0));
  `;
  const result = await runPiProcess(["--input-type=module", "--eval", source], { cwd: world.project, env: { ...world.env, PI_OFFLINE: "1" } });
  if (result.code !== 0) throw new Error(`pi's main in one process: exit ${result.code}\n${result.stderr}`);
  return JSON.parse(result.stdout) as { code: number; stdout: string }[];
}

/** Runs `source` as an ES module under Node 22 with `env` added; resolves its stdout. */
export function runOnNode22(source: string, options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<string> {
  const env = { ...process.env, ...options.env };
  return recordedPiRun({ label: "a script on Node 22", input: { script: source, env: keyedEnvironment(env) }, run: () => runScriptOnNode22(source, env, options.timeoutMs) });
}

async function runScriptOnNode22(source: string, env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<string> {
  // the script sits in the repository so that bare imports of pi's packages resolve
  const folder = await mkdtemp(join(REPOSITORY, "node_modules/.pith-node22-"));
  try {
    const script = join(folder, "script.mjs");
    await writeFile(script, source);
    return await new Promise((resolve, reject) =>
      execFile(
        NODE22,
        [script],
        { cwd: REPOSITORY, env, timeout: timeoutMs, maxBuffer: 64 << 20 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      ),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface PiAuthCheck {
  status: string;
  provider: string;
  authType?: string;
  reason?: string;
  /** what `--credentials` prints: the token or key pi would send */
  credential?: string;
}

/**
 * pi 1.6.0's `auth check --provider <p> --json --credentials --no-refresh` for each provider, through pi's own
 * functions in one Node 22 process (one CLI process per provider would cost a second each); `env` names the agent
 * dir (PI_CODING_AGENT_DIR). `after`: more of the script's body, run after the checks (pi's modules are imported).
 */
export async function piAuthChecks(providers: string[], env: NodeJS.ProcessEnv, after = ""): Promise<Record<string, PiAuthCheck>> {
  const script = `
    import { parseArgs } from "${PI16_PACKAGE}/dist/cli/args.js";
    import { checkProviderAuth, createAuthCheckModelRuntime, getProviderCredential } from "${PI16_PACKAGE}/dist/cli/auth-check.js";
    import { AuthStorage, ReadOnlyAuthStorage } from "${PI16_PACKAGE}/dist/core/auth-storage.js";
    const credentials = new ReadOnlyAuthStorage();
    const runtime = await createAuthCheckModelRuntime(credentials);
    const checks = {};
    for (const provider of ${JSON.stringify(providers)}) {
      const result = await checkProviderAuth(parseArgs(["--provider", provider]), runtime, { refresh: false });
      const credential = result.status === "ready" ? await getProviderCredential(provider, runtime, credentials, { refresh: false }) : undefined;
      checks[provider] = { ...result, ...(credential ? { credential } : {}) };
    }
    ${after}
    process.stdout.write(JSON.stringify(checks));
  `;
  return JSON.parse(await runOnNode22(script, { env: { ...env, PI_OFFLINE: "1" } })) as Record<string, PiAuthCheck>;
}
