// `-e npm:<name>[@version]` and `-e git:<source>[@ref]`: packages for one run. They are installed into pith's cache
// folder (`<cacheDir>/packages/`, one folder per source and version or ref, so the next run reuses them), never
// written to the settings, and loaded like `-e` paths: first, and even with `--no-extensions`. An install goes to a
// staging folder renamed into place when complete, so an interrupted or concurrent run never sees half a package.
// Every failure is a problem to report; the rest of the run goes on, as for a `-e` path that does not exist.
import { createHash } from "node:crypto";
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { errorMessage } from "../../../kernel/index.js";
import { resolveAgentDir } from "../../../lib/agent-dir/agent-dir.js";
import { SettingsManager } from "../../settings/index.js";
import { gitClone, gitUpdate } from "./git.js";
import { exists, npmInstall, type NpmOptions } from "./npm.js";
import { collectPackageResources } from "../sources/package-resources.js";
import { npmCommandOf } from "../package-manager.js";
import { isRemoteSource, parseSource, type ParsedSource } from "../sources/source.js";
import { isOffline } from "../startup.js";

export interface TemporaryPackagesOptions {
  cwd: string;
  /** pith's cache folder; installs live in `<cacheDir>/packages/` */
  cacheDir: string;
  /** default: $PI_CODING_AGENT_DIR or ~/.pi/agent (its settings give `npmCommand`) */
  agentDir?: string;
  /** `--offline` (also PI_OFFLINE=1): only already installed sources load */
  offline?: boolean;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  progress?: (line: string) => void;
}

export interface TemporaryPackages {
  /** the `-e` values in their order, each package source replaced by its extension files */
  extensionPaths: string[];
  /** the packages' skill and prompt template files, for the `--skill` / `--prompt-template` paths */
  skillPaths: string[];
  promptPaths: string[];
  problems: string[];
}

type RemoteSource = Extract<ParsedSource, { type: "npm" | "git" }>;

/** Where a source is installed for runs: `npm/<hash>/node_modules/<name>` or `git/<hash>` under the cache. */
export function temporaryInstallPath(parsed: RemoteSource, cacheDir: string): { root: string; path: string } {
  const key = parsed.type === "npm" ? `npm:${parsed.spec}` : `git:${parsed.host}/${parsed.path}@${parsed.ref ?? ""}`;
  const hash = createHash("sha256").update(key).digest("hex").slice(0, 16);
  const root = join(cacheDir, "packages", parsed.type, hash);
  return { root, path: parsed.type === "npm" ? join(root, "node_modules", ...parsed.name.split("/")) : root };
}

export async function resolveTemporaryPackages(values: readonly string[], options: TemporaryPackagesOptions): Promise<TemporaryPackages> {
  const result: TemporaryPackages = { extensionPaths: [], skillPaths: [], promptPaths: [], problems: [] };
  const env = options.env ?? process.env;
  const offline = options.offline === true || isOffline(env);
  let npm: NpmOptions | undefined;
  const npmOptions = async (): Promise<NpmOptions> => {
    if (npm) return npm;
    const settings = await SettingsManager.load({ agentDir: options.agentDir ?? resolveAgentDir(env), cwd: options.cwd, env });
    return (npm = { npmCommand: npmCommandOf(settings), signal: options.signal, env });
  };

  for (const value of values) {
    if (!isRemoteSource(value)) {
      result.extensionPaths.push(value);
      continue;
    }
    const fail = (why: string) => result.problems.push(`extension source ${value} (-e) ${why}`);
    let parsed: ParsedSource;
    try {
      parsed = parseSource(value);
    } catch (error) {
      fail(`is not usable: ${errorMessage(error)}`);
      continue;
    }
    if (parsed.type === "local") continue; // isRemoteSource ruled this out; narrows the type
    const place = temporaryInstallPath(parsed, options.cacheDir);
    try {
      if (!(await exists(place.path))) {
        if (offline) {
          fail("is not installed and pith is offline; run once without --offline (and PI_OFFLINE) to install it");
          continue;
        }
        options.progress?.(`Installing ${value} for this run...`);
        await install(parsed, place, await npmOptions());
      } else if (parsed.type === "git" && !parsed.pinned && !offline) {
        // an unpinned repository follows its branch, as pi does; without the network the cached clone still serves
        await gitUpdate(place.path, await npmOptions()).catch(() => undefined);
      }
    } catch (error) {
      options.signal?.throwIfAborted();
      fail(`could not be installed: ${errorMessage(error)}`);
      continue;
    }
    const { resources, problems } = await collectPackageResources(place.path, undefined, options.signal);
    result.problems.push(...problems.map((problem) => `extension source ${value} (-e): ${problem}`));
    if (resources.extensions.length + resources.skills.length + resources.prompts.length === 0) {
      fail(`provides no extensions, skills or prompt templates (installed at ${place.path})`);
    }
    result.extensionPaths.push(...resources.extensions);
    result.skillPaths.push(...resources.skills);
    result.promptPaths.push(...resources.prompts);
  }
  return result;
}

async function install(parsed: RemoteSource, place: { root: string; path: string }, npm: NpmOptions): Promise<void> {
  const staging = `${place.root}.partial-${process.pid}-${Date.now()}`;
  try {
    if (parsed.type === "npm") await npmInstall(parsed.spec, staging, npm);
    else await gitClone(parsed.url, parsed.ref, staging, npm);
    await rename(staging, place.root).catch(async () => {
      if (await exists(place.path)) return; // another run finished the same install first: theirs serves
      await rm(place.root, { recursive: true, force: true }); // a broken leftover
      await rename(staging, place.root);
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
