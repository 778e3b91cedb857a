// The extensions pi's resource loader loads: the additional paths (always), then, unless `noExtensions`, the ones
// pith's discovery finds (settings entries, standard folders, packages; a project's only when it is trusted), then
// the factories given in code, each loaded apart from any session (../extension-set-loading.ts). A missing
// additional path, a file that fails and two extensions with one tool or flag name are errors, as in pi.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname } from "node:path";
import { resolveUserPath } from "../../../../lib/resources/finding/paths.js";
import type { LoadedPackages } from "../../../packages/startup.js";
import { discoverExtensions } from "../../loading/discovery.js";
import { loadExtensionSet, type ExtensionFile, type InlineFactory, type PiExtension } from "../extension-set-loading.js";
import { createExtensionRuntime, type UnboundExtensionRuntime } from "../sdk/extension-runtime.js";
import type { LoaderSettings } from "./loader-settings.js";

type Factory = InlineFactory["factory"];

/** pi's `LoadExtensionsResult` */
export interface PiLoadExtensionsResult {
  extensions: PiExtension[];
  errors: { path: string; error: string }[];
  warnings?: { path: string; warning: string }[];
  runtime: UnboundExtensionRuntime;
}

/** pi's `InlineExtension`: a factory, or a named one (`hidden` from listings, `replaceable`, `builtin` code). */
export type InlineExtensionInput = Factory | { name?: string; factory: Factory; hidden?: boolean; replaceable?: boolean; builtin?: boolean };

export interface LoaderExtensionsRequest {
  cwd: string;
  agentDir: string;
  settings: LoaderSettings;
  packages: LoadedPackages;
  options: { additionalExtensionPaths?: string[]; noExtensions?: boolean; extensionFactories?: InlineExtensionInput[] };
}

export async function findLoaderExtensions(request: LoaderExtensionsRequest): Promise<PiLoadExtensionsResult> {
  const { cwd, agentDir, settings, options } = request;
  const additional = options.additionalExtensionPaths ?? [];
  const { sources } = await discoverExtensions({
    cwd,
    agentDir,
    cliPaths: additional,
    settingsEntries: settings.entries("extensions"),
    noDiscovery: options.noExtensions === true,
    extraSources: request.packages.extensionSources,
  });
  const files = settings.trusted ? sources : sources.filter((source) => source.place !== "project" && source.needsTrust !== true);
  // pi's `builtin: true` entries supply the code of `builtin:<name>` paths, which pith has none of
  const inputs = (options.extensionFactories ?? []).filter((input) => typeof input === "function" || input.builtin !== true);
  const inline = inputs.map((input, index) => (typeof input === "function" ? { name: String(index + 1), factory: input } : { name: input.name ?? String(index + 1), factory: input.factory }));
  const loaded = await loadExtensionSet({ cwd, agentDir, files, inline });
  inputs.forEach((input, index) => {
    const extension = loaded.extensions.find((candidate) => candidate.path === `<inline:${inline[index]!.name}>`);
    if (extension && typeof input !== "function" && input.hidden) extension.hidden = true;
  });
  for (const extension of loaded.extensions) labelAsLoader(extension, files.find((file) => file.path === extension.path));
  const errors = [...loaded.errors, ...nameConflicts(loaded.extensions)];
  for (const path of additional) {
    const resolved = resolveUserPath(path, cwd, homedir());
    if (!existsSync(resolved)) errors.push({ path: resolved, error: `Extension path does not exist: ${resolved}` });
  }
  return { extensions: loaded.extensions, errors, runtime: createExtensionRuntime() };
}

/**
 * pi's resource loader names where an extension came from by its own rules: an additional path is `cli`, a factory
 * `inline`, a standard folder's file has the scope's folder as its base, a package's file the package's source.
 */
function labelAsLoader(extension: PiExtension, file: ExtensionFile | undefined): void {
  const info = extension.sourceInfo;
  if (!file) info.source = "inline";
  else if (file.origin === "cli") {
    info.source = "cli";
    delete info.baseDir;
  } else if (file.origin === "auto" && file.baseDir) info.baseDir = dirname(file.baseDir);
  else if (file.origin === "package" && file.packageSource) info.source = file.packageSource;
}

/** A tool or flag a later extension registers again: the first keeps it (load order), the later one is named. */
function nameConflicts(extensions: readonly PiExtension[]): { path: string; error: string }[] {
  const conflicts: { path: string; error: string }[] = [];
  const owners = { tool: new Map<string, string>(), flag: new Map<string, string>() };
  for (const extension of extensions) {
    for (const [kind, names] of [["tool", extension.tools.keys()], ["flag", extension.flags.keys()]] as const) {
      for (const name of names) {
        const owner = owners[kind].get(name);
        if (owner === undefined) owners[kind].set(name, extension.path);
        else if (owner !== extension.path) conflicts.push({ path: extension.path, error: `${kind === "tool" ? `Tool "${name}"` : `Flag "--${name}"`} conflicts with ${owner}` });
      }
    }
  }
  return conflicts;
}
