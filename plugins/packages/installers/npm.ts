// npm packages: each scope has an npm project of its own (`<base>/npm/package.json`), and a package is a
// dependency of it, so installs need no root and no global prefix. Dependencies install for production.
import { mkdir, writeFile, access } from "node:fs/promises";
import { join } from "node:path";
import { packageInstallFlags, packageManagerOf, uninstallFlags } from "./package-manager-flags.js";
import { runCommand } from "./run-command.js";

export interface NpmOptions {
  /** the `npmCommand` setting: argv used instead of `npm` */
  npmCommand?: readonly string[];
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}

export function npmArgv(options: NpmOptions): string[] {
  return options.npmCommand && options.npmCommand.length > 0 ? [...options.npmCommand] : ["npm"];
}

/** `specs`: one package, or several that npm resolves and writes in one run. */
export async function npmInstall(specs: string | readonly string[], root: string, options: NpmOptions): Promise<void> {
  await ensureNpmProject(root);
  const flags = packageInstallFlags(packageManagerOf(options.npmCommand));
  await runCommand([...npmArgv(options), "install", ...[specs].flat(), ...flags], { cwd: root, signal: options.signal, env: options.env });
}

export async function npmUninstall(name: string, root: string, options: NpmOptions): Promise<void> {
  if (!(await exists(join(root, "package.json")))) return;
  const flags = uninstallFlags(packageManagerOf(options.npmCommand));
  await runCommand([...npmArgv(options), "uninstall", name, ...flags], { cwd: root, signal: options.signal, env: options.env });
}

/** A private package.json keeps npm from walking up to some enclosing project. */
async function ensureNpmProject(root: string): Promise<void> {
  await mkdir(root, { recursive: true });
  const manifest = join(root, "package.json");
  if (!(await exists(manifest))) {
    await writeFile(manifest, `${JSON.stringify({ name: "pith-packages", private: true }, null, 2)}\n`);
  }
}

export async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
