// Fixtures for package tests: temp folders, pi packages on disk, local git repositories and npm tarballs.
// Nothing here reaches a network: git clones local paths, npm installs local tarballs, and npm's registry is
// pointed at a closed local port so an accidental lookup fails at once.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCli, type CliResult } from "../cli/cli-harness.js";
import { shareCodeCache } from "../support/code-cache.js";

export interface PackageWorld {
  home: string;
  agentDir: string;
  project: string;
  env: NodeJS.ProcessEnv;
  pith(args: string[], options?: { cwd?: string; env?: NodeJS.ProcessEnv }): Promise<CliResult>;
  close(): Promise<void>;
}

export async function createPackageWorld(): Promise<PackageWorld> {
  const home = await mkdtemp(join(tmpdir(), "pith-packages-"));
  const agentDir = join(home, "agent");
  const project = join(home, "project");
  await mkdir(agentDir, { recursive: true });
  await mkdir(project, { recursive: true });
  await shareCodeCache(join(home, "cache"));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    PI_CODING_AGENT_DIR: agentDir,
    PITH_CACHE_DIR: join(home, "cache"),
    TMPDIR: tmpdir(),
    ...offlineNpmEnv(home),
  };
  return {
    home,
    agentDir,
    project,
    env,
    pith: (args, options = {}) => runCli(args, { cwd: options.cwd ?? project, env: { ...env, ...options.env } }),
    close: () => rm(home, { recursive: true, force: true }),
  };
}

/** npm settings for tests: its own cache, no audit, and a registry nobody listens on. */
export function offlineNpmEnv(home: string): NodeJS.ProcessEnv {
  return {
    npm_config_cache: join(home, "npm-cache"),
    npm_config_registry: "http://127.0.0.1:9/",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
  };
}

export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

/** An extension that registers `/<command>`, which writes `<command>.ran` into the working folder. */
export function markerExtension(command: string): string {
  return `import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
export default function (pi: ExtensionAPI) {
  pi.registerCommand(${JSON.stringify(command)}, { handler: async (args, ctx) => writeFileSync(join(ctx.cwd, ${JSON.stringify(`${command}.ran`)}), args) });
}
`;
}

export const skillFile = (name: string, body: string) => `---\nname: ${name}\ndescription: The ${name} skill\n---\n${body}\n`;
export const promptFile = (body: string) => `---\ndescription: a prompt\n---\n${body}\n`;

/** A package using the conventional folders. */
export async function conventionalPackage(root: string, tag: string): Promise<void> {
  await writeFiles(root, {
    "package.json": JSON.stringify({ name: `conv-${tag}`, version: "1.0.0" }),
    [`extensions/${tag}.ts`]: markerExtension(tag),
    [`skills/${tag}-skill/SKILL.md`]: skillFile(`${tag}-skill`, `Skill body of ${tag}.`),
    [`prompts/${tag}-prompt.md`]: promptFile(`Prompt of ${tag}: $1`),
    "themes/dark-ish.json": "{}",
  });
}

export function git(args: string[], cwd: string): string {
  return execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", ...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A git repository holding a conventional package, one commit on `main`. */
export async function gitPackageRepo(root: string, tag: string): Promise<void> {
  await conventionalPackage(root, tag);
  git(["init", "--quiet"], root);
  git(["add", "."], root);
  git(["commit", "--quiet", "-m", "first"], root);
}

/** `npm pack` of a package folder; resolves to the tarball's path. */
export function npmPack(dir: string, env: NodeJS.ProcessEnv): string {
  const name = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: dir, encoding: "utf8", env }).trim().split("\n").pop()!;
  return join(dir, name);
}

/**
 * A stand-in for npm, for the global settings' `npmCommand`: appends each call's arguments (one line) to a log,
 * answers `root -g` with $FAKE_NPM_ROOT and `view` with $FAKE_NPM_LATEST, and succeeds at everything else. It
 * never touches a registry or a global prefix.
 */
export async function fakeNpm(dir: string): Promise<{ command: string; calls(): Promise<string[]> }> {
  const command = join(dir, "fake-npm.sh");
  const log = join(dir, "fake-npm.log");
  await mkdir(dir, { recursive: true });
  await writeFile(
    command,
    `#!/bin/sh\necho "$*" >> ${JSON.stringify(log)}\ncase "$1" in\n  root) echo "$FAKE_NPM_ROOT" ;;\n  view) echo "$FAKE_NPM_LATEST" ;;\nesac\nexit 0\n`,
    { mode: 0o755 },
  );
  return {
    command,
    calls: async () => (await readFile(log, "utf8").catch(() => "")).split("\n").filter(Boolean),
  };
}
