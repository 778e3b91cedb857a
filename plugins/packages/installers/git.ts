// git packages: a clone per package; a ref pins it (checked out after the clone). Update = fetch, then (when the
// upstream moved) a hard reset to it, so force pushes are followed, and a clean. A package.json with dependencies
// gets a production install (no peers: see package-manager-flags.ts) after every clone and every update that changed
// something.
import { mkdir, readFile, readdir, rm, rmdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { npmArgv, type NpmOptions } from "./npm.js";
import { dependencyInstallArgs, packageManagerOf } from "./package-manager-flags.js";
import { runCommand } from "./run-command.js";
import { isUnderPath } from "../../../lib/resources/finding/paths.js";

export async function gitClone(url: string, ref: string | undefined, dir: string, options: NpmOptions): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dirname(dir), { recursive: true });
  const run = { cwd: dirname(dir), signal: options.signal, env: gitEnv(options.env) };
  await runCommand(["git", "clone", "--quiet", "--", url, dir], run);
  if (ref !== undefined) await runCommand(["git", "checkout", "--quiet", ref, "--"], { ...run, cwd: dir });
  await installDependencies(dir, options);
}

/** Resolves to false when the clone was already at its upstream commit (nothing reset, nothing reinstalled). */
export async function gitUpdate(dir: string, options: NpmOptions): Promise<boolean> {
  const run = { cwd: dir, signal: options.signal, env: gitEnv(options.env) };
  await runCommand(["git", "fetch", "--quiet", "--prune", "origin"], run);
  const revision = async (name: string) => (await runCommand(["git", "rev-parse", name], run)).stdout.trim();
  if ((await revision("HEAD")) === (await revision("@{upstream}"))) return false;
  await runCommand(["git", "reset", "--quiet", "--hard", "@{upstream}"], run);
  await runCommand(["git", "clean", "-fdxq"], run);
  await installDependencies(dir, options);
  return true;
}

/** Deletes a clone and the host/owner folders it leaves empty, never going above `root`. */
export async function gitRemove(dir: string, root: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  let parent = dirname(dir);
  while (isUnderPath(parent, root) && resolve(parent) !== resolve(root)) {
    if ((await readdir(parent).catch(() => ["?"])).length > 0) break;
    await rmdir(parent).catch(() => undefined);
    parent = dirname(parent);
  }
}

async function installDependencies(dir: string, options: NpmOptions): Promise<void> {
  let manifest: { dependencies?: Record<string, unknown> } | undefined;
  try {
    manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
  } catch {
    return;
  }
  if (!manifest?.dependencies || Object.keys(manifest.dependencies).length === 0) return;
  await runCommand([...npmArgv(options), ...dependencyInstallArgs(packageManagerOf(options.npmCommand))], { cwd: dir, signal: options.signal, env: options.env });
}

/** git must never stop to ask for a password: the run has no terminal to answer it. */
function gitEnv(env: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv {
  return { ...(env ?? process.env), GIT_TERMINAL_PROMPT: "0" };
}
