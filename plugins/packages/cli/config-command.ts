// `pith config`: at a terminal, pi 1.6.0's selector (selector/open-selector.ts), which switches package and
// auto-discovered resources on and off. Without one (a pipe), bare `pith config` lists every configured package's
// resources and the auto-discovered ones of both scopes, each enabled or disabled; `enable|disable` makes the same
// edits as commands, in pi's settings forms (see config-filter.ts), so pi reads the result.
import { dirname } from "node:path";
import { PithError, errorMessage } from "../../../kernel/index.js";
import type { SettingsScope } from "../../settings/index.js";
import { compileGlob } from "../../../lib/glob/glob.js";
import { toPosixPath } from "../../../lib/resources/finding/paths.js";
import { RESOURCE_GLOB } from "../../../lib/resources/finding/settings-patterns.js";
import { TRUST_OPTIONS, packageContext, type PackageCommandIO } from "./command-context.js";
import { withFilter } from "./config-filter.js";
import { autoResources, packageResources, switchAutoResources, switchPackageResources, writePackageEntry, type Resource } from "./config-resources.js";
import { configuredPackages, type ConfiguredPackage } from "../sources/configured.js";
import { scopeBaseDir, resolveLocalSource } from "../installers/locations.js";
import type { PackageManagerContext } from "../package-manager.js";
import { RESOURCE_TYPES, type PackageResourceType } from "../sources/package-resources.js";
import { parseSource, sourceIdentity } from "../sources/source.js";

const USAGE = "pith config [enable|disable <package-source> [--kind extensions|skills|prompts|themes] [<path-or-glob>]] [-l] [-a|-na]";
const HELP = [
  "Without arguments, at a terminal: a selector that switches the resources of every configured package and the",
  "auto-discovered ones (space), the global settings first; Tab (or -l) the project's overrides. In a pipe: list",
  "them (global and project), each enabled or disabled.",
  "",
  "enable|disable switch a package, one kind of its resources, or the files a",
  "path or glob names (relative to the package root, as the list shows them). A source that is not a configured",
  "package is taken as the path of an auto-discovered resource (relative to the agent folder, or .pi with -l).",
  "",
  "Options:",
  "  --kind <kind>   only this kind: extensions, skills, prompts or themes",
  "  -l, --local     the project settings (.pi/settings.json) instead of the global ones",
  TRUST_OPTIONS,
].join("\n");

/** What the pipe's list shows; `enable|disable` take themes too, and the selector lists them. */
const LISTED = ["extensions", "skills", "prompts"] as const satisfies readonly PackageResourceType[];

interface ConfigArgs {
  action: "list" | "enable" | "disable";
  target?: string;
  path?: string;
  kind?: PackageResourceType;
  local: boolean;
  help: boolean;
  /** `-a` (true) or `-na` (false): this command's project trust */
  approve?: boolean;
  problem?: string;
}

export function parseConfigArgs(argv: readonly string[]): ConfigArgs {
  // options may come first: `pith config -l` lists
  const [first, ...afterFirst] = argv;
  const rest = first?.startsWith("-") ? argv : afterFirst;
  const parsed: ConfigArgs = { action: "list", local: false, help: false };
  if (first === "enable" || first === "disable") parsed.action = first;
  else if (first !== undefined && !first.startsWith("-")) parsed.problem = `Unknown config action ${first}: use enable or disable.`;
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    if (arg === "-h" || arg === "--help") parsed.help = true;
    else if (arg === "-a" || arg === "--approve" || arg === "-na" || arg === "--no-approve") parsed.approve = arg === "-a" || arg === "--approve";
    else if (arg === "-l" || arg === "--local") parsed.local = true;
    else if (arg === "--kind") {
      const value = rest[++index];
      if (value !== undefined && (RESOURCE_TYPES as readonly string[]).includes(value)) parsed.kind = value as PackageResourceType;
      else parsed.problem ??= `--kind takes one of ${RESOURCE_TYPES.join(", ")}${value === undefined ? "" : ` (not ${value})`}.`;
    } else if (arg.startsWith("-") && arg.length > 1) parsed.problem ??= `Unknown option ${arg} for "config".`;
    else if (parsed.target === undefined) parsed.target = arg;
    else if (parsed.path === undefined) parsed.path = arg;
    else parsed.problem ??= `Unexpected argument ${arg}.`;
  }
  if (!parsed.help && !parsed.problem && parsed.action !== "list" && parsed.target === undefined) {
    parsed.problem = `Missing ${parsed.action} source.`;
  }
  return parsed;
}

export async function runConfigCommand(argv: readonly string[], io: PackageCommandIO): Promise<number> {
  const parsed = parseConfigArgs(argv);
  if (parsed.help) {
    io.stdout(`Usage: ${USAGE}\n\n${HELP}\n`);
    return 0;
  }
  if (parsed.problem) {
    io.stderr(`pith: ${parsed.problem}\nUsage: ${USAGE}\n`);
    return 1;
  }
  const context = await packageContext(io, parsed.approve);
  try {
    if (parsed.action === "list" && io.terminal) return await openSelector(parsed.local, context, io);
    if (parsed.action === "list") io.stdout(await formatConfig(context));
    else io.stdout(await toggle(parsed as ConfigArgs & { action: "enable" | "disable"; target: string }, context));
    return 0;
  } catch (error) {
    io.stderr(`pith: ${error instanceof PithError ? error.message : `unexpected error: ${errorMessage(error)}`}\n`);
    return 1;
  }
}

/** pi 1.6.0's terminal selector, loaded only here; `-l` starts in the project view, which needs a trusted project. */
async function openSelector(local: boolean, context: PackageManagerContext, io: PackageCommandIO): Promise<number> {
  if (local && !context.settings.isProjectTrusted()) {
    io.stderr("pith: the project is not trusted, so its settings are not edited: `pith config -l -a` trusts it for this command.\n");
    return 1;
  }
  const { openConfigSelector } = await import("./selector/open-selector.js");
  await openConfigSelector(context, local ? "project" : "global");
  return 0;
}

async function formatConfig(context: PackageManagerContext): Promise<string> {
  const { packages, problems } = configuredPackages(context.settings, context, { dedupe: false });
  const lines = problems.map((problem) => `warning: ${problem}`);
  const block = (title: string, body: string[]) => {
    if (body.length === 0) return;
    if (lines.length > 0) lines.push("");
    lines.push(title, ...body);
  };
  const resourceLines = (resources: Resource[], indent: string) =>
    LISTED.flatMap((kind) => {
      const ofKind = resources.filter((resource) => resource.kind === kind);
      if (ofKind.length === 0) return [];
      return [`${indent}${kind}:`, ...ofKind.map((resource) => `${indent}  ${resource.enabled ? "enabled " : "disabled"}  ${resource.path}`)];
    });
  for (const [scope, title] of [["global", "User packages:"], ["project", "Project packages:"]] as const) {
    const body: string[] = [];
    for (const pkg of packages.filter((candidate) => candidate.scope === scope)) {
      const resources = await packageResources(pkg, context);
      if (!resources) {
        body.push(`  ${pkg.source} (not installed: \`pith update --extension ${pkg.source}\` installs it)`);
        continue;
      }
      const listed = resourceLines(resources, "    ");
      body.push(`  ${pkg.source}${listed.length === 0 ? " (provides no extensions, skills or prompts)" : ""}`, ...listed);
    }
    block(title, body);
  }
  for (const [scope, word] of [["global", "User"], ["project", "Project"]] as const) {
    // one block per folder the paths start from: the scope's, then any `.agents` folder
    const resources = await autoResources(scope, context);
    for (const base of new Set([scopeBaseDir(scope, context), ...resources.map((resource) => resource.base!)])) {
      block(`${word} resources (${base}):`, resourceLines(resources.filter((resource) => resource.base === base), "  "));
    }
  }
  if (lines.length === 0) lines.push("No packages and no auto-discovered extensions, skills or prompts.");
  return `${lines.join("\n")}\n`;
}

type ToggleArgs = ConfigArgs & { action: "enable" | "disable"; target: string };

async function toggle(args: ToggleArgs, context: PackageManagerContext): Promise<string> {
  const scope: SettingsScope = args.local ? "project" : "global";
  const pkg = findPackage(args.target, scope, context);
  if (pkg) return togglePackage(pkg, args, context);
  if (args.path !== undefined) {
    throw new PithError("PACKAGE_NOT_FOUND", `No package ${args.target} in the ${scope} settings. \`pith config\` lists the configured ones.`);
  }
  return toggleAutoResource(args, scope, context);
}

function findPackage(target: string, scope: SettingsScope, context: PackageManagerContext): ConfiguredPackage | undefined {
  let identity: string;
  try {
    identity = sourceIdentity(parseSource(target), (path) => resolveLocalSource(path, context.cwd, context));
  } catch {
    return undefined;
  }
  const { packages } = configuredPackages(context.settings, context, { dedupe: false });
  const inScope = packages.filter((pkg) => pkg.scope === scope);
  // a local package may also be named as `pith list` shows it: relative to the settings file, not to the cwd
  return inScope.find((pkg) => pkg.identity === identity) ?? inScope.find((pkg) => pkg.source === target);
}

async function togglePackage(pkg: ConfiguredPackage, args: ToggleArgs, context: PackageManagerContext): Promise<string> {
  const enable = args.action === "enable";
  const where = `of ${pkg.source} (${pkg.scope} settings)`;
  if (args.path === undefined) {
    let entry = pkg.entry;
    for (const kind of args.kind ? [args.kind] : RESOURCE_TYPES) entry = withFilter(entry, kind, enable ? undefined : []);
    if (entry !== pkg.entry) await writePackageEntry(pkg, entry, context);
    return `${enable ? "Enabled" : "Disabled"} ${args.kind ? `the ${args.kind}` : "everything"} ${where}\n`;
  }
  const resources = await packageResources(pkg, context);
  if (!resources) throw new PithError("PACKAGE_NOT_INSTALLED", `${pkg.source} is not installed, so its files are unknown; \`pith update --extension ${pkg.source}\` installs it.`);
  const changes = matching(resources, args.path, args.kind, pkg.source);
  await switchPackageResources(pkg, changes, enable, context);
  return `${describeChanges(changes, enable, where)}\n`;
}

async function toggleAutoResource(args: ToggleArgs, scope: SettingsScope, context: PackageManagerContext): Promise<string> {
  const enable = args.action === "enable";
  const changes = matching(await autoResources(scope, context), args.target, args.kind, "the auto-discovered resources");
  await switchAutoResources(scope, changes, enable, context);
  return `${describeChanges(changes, enable, `(${scope} settings)`)}\n`;
}

/** The resources a path or glob names (an exact path also names a skill by its folder); none is an error. */
function matching(resources: Resource[], query: string, kind: PackageResourceType | undefined, where: string): Resource[] {
  const wanted = toPosixPath(query).replace(/^\.\//, "");
  const matchesGlob = /[*?[{]/.test(wanted) ? compileGlob(wanted, RESOURCE_GLOB) : () => false;
  const found = resources.filter(
    (resource) =>
      (kind === undefined || resource.kind === kind) &&
      (resource.path === wanted || (resource.path.endsWith("/SKILL.md") && dirname(resource.path) === wanted) || matchesGlob(resource.path)),
  );
  if (found.length === 0) {
    throw new PithError("RESOURCE_NOT_FOUND", `Nothing in ${where} matches ${wanted}${kind ? ` among the ${kind}` : ""}. \`pith config\` lists what there is.`);
  }
  return found;
}

function describeChanges(changes: Resource[], enable: boolean, where: string): string {
  const state = enable ? "enabled" : "disabled";
  return changes
    .map((resource) => (resource.enabled === enable ? `${resource.path} ${where} is already ${state}` : `${enable ? "Enabled" : "Disabled"} ${resource.path} ${where}`))
    .join("\n");
}
