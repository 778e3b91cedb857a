// `pith update --self`: pith updates itself only when npm installed it globally, i.e. when the package pith runs
// from is `<npm root -g>/<name>` (a real folder: an `npm link` is a checkout, and a reinstall would replace it).
// Any other installation (a git checkout, a project dependency, a copy) gets a message saying what pith found and
// what to run instead, because updating it is its owner's business.
import { lstat, readFile, realpath } from "node:fs/promises";
import { dirname, join } from "node:path";
import { PithError, errorMessage } from "../../../kernel/index.js";
import { exists, npmArgv, type NpmOptions } from "../installers/npm.js";
import { runCommand } from "../installers/run-command.js";

export interface SelfUpdateOptions extends NpmOptions {
  /** reinstall even when npm says the latest version is the running one */
  force?: boolean;
  /** the folder of pith's package.json; default: the nearest one above the running script (bin/pith.cjs) */
  packageRoot?: string;
  progress: (line: string) => void;
}

/** What `update --self` did; `unavailable` carries the explanation for the user. */
export type SelfUpdateResult = { outcome: "updated" | "current"; version: string } | { outcome: "unavailable"; reason: string };

export async function selfUpdate(options: SelfUpdateOptions): Promise<SelfUpdateResult> {
  const root = options.packageRoot ?? (await findPackageRoot(await runningScriptDir()));
  const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
  if (typeof manifest.name !== "string" || typeof manifest.version !== "string") {
    throw new PithError("SELF_UPDATE_UNAVAILABLE", `${join(root, "package.json")} has no name and version: cannot tell what to update.`);
  }
  const { name, version } = manifest;
  const npm = npmArgv(options);
  const display = (args: string[]) => [...npm, ...args].join(" ");
  const install = ["install", "-g", `${name}@latest`];
  const run = { cwd: root, signal: options.signal, env: options.env };

  let globalRoot: string;
  try {
    globalRoot = (await runCommand([...npm, "root", "-g"], run)).stdout.trim();
  } catch (error) {
    return { outcome: "unavailable", reason: `pith runs from ${root}, and npm's global folder is unknown (${errorMessage(error)}).\n${howToUpdate(root, await isGitCheckout(root), display(install))}` };
  }
  const installed = join(globalRoot, ...name.split("/"));
  const entry = await lstat(installed).catch(() => undefined);
  if (entry?.isSymbolicLink()) {
    const target = await realpath(installed).catch(() => installed);
    return { outcome: "unavailable", reason: `pith is linked into npm's global folder (npm link) from ${target}.\n${howToUpdate(target, await isGitCheckout(target), display(install))}` };
  }
  if (!entry || (await realpath(installed)) !== (await realpath(root))) {
    return { outcome: "unavailable", reason: `pith runs from ${root}, not from npm's global folder (${globalRoot}).\n${howToUpdate(root, await isGitCheckout(root), display(install))}` };
  }

  if (!options.force) {
    const latest = await runCommand([...npm, "view", `${name}@latest`, "version"], run).then(
      (result) => result.stdout.trim(),
      () => undefined, // the registry could not say: install anyway, npm will report a real problem
    );
    if (latest === version) return { outcome: "current", version };
  }
  options.progress(`Updating pith with ${display(install)}...`);
  try {
    await runCommand([...npm, ...install], run);
  } catch (error) {
    options.signal?.throwIfAborted();
    throw new PithError("SELF_UPDATE_FAILED", `${errorMessage(error)}\nIf this keeps failing, run it yourself: ${display(install)}`, { cause: error });
  }
  const updated = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { version?: unknown };
  return { outcome: "updated", version: typeof updated.version === "string" ? updated.version : "latest" };
}

function howToUpdate(root: string, checkout: boolean, install: string): string {
  if (checkout) return `It is a git checkout: update it with \`cd ${root} && git pull && npm install\`.`;
  return `Update it the way it was installed, or install pith globally with \`${install}\`.`;
}

async function isGitCheckout(root: string): Promise<boolean> {
  return exists(join(root, ".git"));
}

/** The folder of the script node runs, links resolved (npm's `bin/pith` is a link into the package). */
async function runningScriptDir(): Promise<string> {
  const script = process.argv[1];
  if (!script) throw new PithError("SELF_UPDATE_UNAVAILABLE", "Cannot tell which script is running, so not how pith was installed.");
  return dirname(await realpath(script).catch(() => script));
}

/** The nearest folder above `start` that holds a package.json (the source tree or the installed package). */
async function findPackageRoot(start: string): Promise<string> {
  for (let dir = start; ; dir = dirname(dir)) {
    if (await exists(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new PithError("SELF_UPDATE_UNAVAILABLE", `No package.json above ${start}: cannot tell how pith was installed.`);
  }
}
