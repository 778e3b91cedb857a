// pi 1.6.0's `discoverAndLoadExtensions(configuredPaths, cwd, agentDir?, eventBus?)`: the project's
// `.pi/extensions/`, the agent folder's `extensions/`, then each configured path (a folder by its manifest or
// index file, else its files; a file as it is, reported when it fails), each file once, loaded apart from any
// session. Unlike a session's discovery it reads no settings and asks no trust, as pi's does not.
import { existsSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { resolveUserPath } from "../../../../lib/resources/finding/paths.js";
import { extensionsAtPath, extensionsInFolder } from "../../loading/extension-folder.js";
import { loadExtensionSet, type ExtensionFile } from "../extension-set-loading.js";
import { createExtensionRuntime } from "../sdk/extension-runtime.js";
import { getAgentDir } from "./agent-dir.js";
import type { PiLoadExtensionsResult } from "./loader-extensions.js";

export async function discoverAndLoadExtensions(configuredPaths: string[], cwd: string, agentDir: string = getAgentDir(), _eventBus?: object): Promise<PiLoadExtensionsResult> {
  const root = resolve(cwd);
  const files: ExtensionFile[] = [];
  const seen = new Set<string>();
  const add = (paths: readonly string[], file: Omit<ExtensionFile, "path">) => {
    for (const path of paths) if (!seen.has(path)) seen.add(path), files.push({ path, ...file });
  };
  const projectFolder = join(root, ".pi", "extensions");
  const userFolder = join(resolve(agentDir), "extensions");
  // pi's function labels every file it loads as a local one of no scope, based in the folder it was found in
  add(await extensionsInFolder(projectFolder), { place: "project", origin: "cli", scope: "temporary", baseDir: projectFolder });
  add(await extensionsInFolder(userFolder), { place: "global", origin: "cli", scope: "temporary", baseDir: userFolder });
  for (const configured of configuredPaths) {
    const path = resolveUserPath(configured, root, homedir());
    // a folder is read for its extensions; anything else is loaded as named, and fails as pi's does when missing
    const isFolder = existsSync(path) && statSync(path).isDirectory();
    for (const file of isFolder ? (await extensionsAtPath(path)).files : [path]) add([file], { place: "cli", origin: "cli", scope: "temporary", baseDir: dirname(file) });
  }
  const loaded = await loadExtensionSet({ cwd: root, agentDir: resolve(agentDir), files });
  return { ...loaded, runtime: createExtensionRuntime() };
}
