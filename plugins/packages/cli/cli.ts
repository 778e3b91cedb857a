// `pith install|remove|uninstall|update|list|config`: checked before the main flag parsing, with pi's wording for
// usage errors ("Unknown option X for "install".", "Missing install source.").
import { PithError, errorMessage } from "../../../kernel/index.js";
import { installPackage, listPackages, npmCommandOf, removePackage, updatePackages, type ListedPackage, type PackageManagerContext } from "../package-manager.js";
import { isOffline } from "../startup.js";
import { describeResources } from "../sources/package-resources.js";
import { TRUST_OPTIONS, packageContext, type PackageCommandIO } from "./command-context.js";

type Command = "install" | "remove" | "update" | "list";

const USAGE: Record<Command, string> = {
  install: "pith install <source> [-l] [-a|-na]",
  remove: "pith remove <source> [-l] [-a|-na]",
  update: "pith update [source|self|pith] [--self|--extensions|--models|--all] [--extension <source>] [--force] [-a|-na]",
  list: "pith list [-a|-na]",
};

const HELP: Record<Command, string> = {
  install: `Install a package (npm:<name>[@version], git:<host>/<path>[@ref], a git URL, or a local path) and add it to the global settings.\n\nOptions:\n  -l, --local             install for this project (.pi/settings.json)\n${TRUST_OPTIONS}`,
  remove: `Remove a package and its source from the settings (alias: pith uninstall).\n\nOptions:\n  -l, --local             remove from the project settings (.pi/settings.json)\n${TRUST_OPTIONS}`,
  update: [
    "Update pith itself (without a target), the packages (every unpinned npm and git package; versions and refs pin",
    "one), or both.",
    "",
    "Options:",
    "  --self                  pith only, as without a target (also: pith update self, pith update pith)",
    "  --extensions            the packages only",
    "  --all                   the packages, then pith",
    "  --extension <source>    one package only (also: pith update <source>)",
    "  --models                nothing to refresh: pith's model catalogue ships with pith (updated with it)",
    "  --force                 reinstall: pith even when it is the latest version, every package from scratch",
    TRUST_OPTIONS,
    "",
    "pith updates itself with `npm install -g <name>@latest` when npm installed it globally; otherwise it says how.",
  ].join("\n"),
  list: `List the packages of the global and project settings, with what each provides.\n\nOptions:\n${TRUST_OPTIONS}`,
};

/** What `update` works on: the packages (all, or the one `source` names) and/or pith itself, or (`--models`) neither. */
export interface UpdateTarget {
  packages: boolean;
  self: boolean;
  source?: string;
  models?: boolean;
}

interface ParsedCommand {
  command: Command;
  source?: string;
  local: boolean;
  help: boolean;
  force: boolean;
  /** `-a`/`--approve` (true) or `-na`/`--no-approve` (false): this command's project trust */
  approve?: boolean;
  update?: UpdateTarget;
  problem?: string;
}

const SELF_NAMES = new Set(["self", "pith", "pi"]);

export function parsePackageCommand(argv: readonly string[]): ParsedCommand {
  const [word, ...rest] = argv;
  const command: Command = word === "uninstall" ? "remove" : (word as Command);
  const parsed: ParsedCommand = { command, local: false, help: false, force: false };
  const isUpdate = command === "update";
  let selfFlag = false;
  let extensionsFlag = false;
  let allFlag = false;
  let modelsFlag = false;
  let extensionSource: string | undefined;
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    if (arg === "-h" || arg === "--help") parsed.help = true;
    else if (arg === "-a" || arg === "--approve" || arg === "-na" || arg === "--no-approve") parsed.approve = arg === "-a" || arg === "--approve";
    else if ((arg === "-l" || arg === "--local") && (command === "install" || command === "remove")) parsed.local = true;
    else if (isUpdate && arg === "--self") selfFlag = true;
    else if (isUpdate && arg === "--extensions") extensionsFlag = true;
    else if (isUpdate && arg === "--all") allFlag = true;
    else if (isUpdate && arg === "--models") modelsFlag = true;
    else if (isUpdate && arg === "--force") parsed.force = true;
    else if (isUpdate && arg === "--extension") {
      const value = rest[index + 1];
      if (value === undefined || value.startsWith("-")) parsed.problem ??= "Missing value for --extension.";
      else if (extensionSource !== undefined) parsed.problem ??= "--extension can only be given once.";
      else extensionSource = value;
      if (value !== undefined && !value.startsWith("-")) index++;
    } else if (arg.startsWith("-") && arg.length > 1) parsed.problem ??= `Unknown option ${arg} for "${command}".`;
    else if (command === "list" || parsed.source !== undefined) parsed.problem ??= `Unexpected argument ${arg}.`;
    else parsed.source = arg;
  }
  if (!parsed.problem && !parsed.help && (command === "install" || command === "remove") && parsed.source === undefined) {
    parsed.problem = `Missing ${command} source.`;
  }
  if (isUpdate) {
    const update = updateTarget(parsed.source, { self: selfFlag || allFlag, extensions: extensionsFlag || allFlag, models: modelsFlag }, extensionSource);
    if (typeof update === "string") parsed.problem ??= update;
    else parsed.update = update;
  }
  return parsed;
}

/**
 * pi 1.6.0's rules: without a target pith alone; `--extension` and a positional source name one package;
 * `self`/`pith`/`pi` and `--self` name pith; `--all` is `--self --extensions`; `--models` asks for the catalogues.
 */
function updateTarget(source: string | undefined, flags: { self: boolean; extensions: boolean; models: boolean }, extension: string | undefined): UpdateTarget | string {
  const { self, extensions, models } = flags;
  if (extension !== undefined) {
    if (self || extensions || models) return "--extension cannot be combined with --self, --extensions, --models or --all.";
    if (source !== undefined) return "--extension cannot be combined with a source argument.";
    return { packages: true, self: false, source: extension };
  }
  if (source !== undefined && SELF_NAMES.has(source)) return { packages: extensions, self: true, models };
  if (source !== undefined) {
    if (self || extensions || models) return "A source argument cannot be combined with --self, --extensions, --models or --all.";
    return { packages: true, self: false, source };
  }
  if (self || extensions || models) return { packages: extensions, self, models };
  return { packages: false, self: true };
}

export async function runPackageCommand(argv: readonly string[], io: PackageCommandIO): Promise<number> {
  if (argv[0] === "config") {
    const { runConfigCommand } = await import("./config-command.js");
    return runConfigCommand(argv.slice(1), io);
  }
  const parsed = parsePackageCommand(argv);
  if (parsed.help) {
    io.stdout(`Usage: ${USAGE[parsed.command]}\n\n${HELP[parsed.command]}\n`);
    return 0;
  }
  if (parsed.problem) {
    io.stderr(`pith: ${parsed.problem}\nUsage: ${USAGE[parsed.command]}\n`);
    return 1;
  }
  const context = await packageContext(io, parsed.approve);
  try {
    const source = parsed.source;
    switch (parsed.command) {
      case "install":
        await installPackage(source!, { local: parsed.local }, context);
        io.stdout(`Installed ${source}\n`);
        return 0;
      case "remove":
        if (!(await removePackage(source!, { local: parsed.local }, context))) {
          io.stderr(`pith: No matching package found for ${source} in the ${parsed.local ? "project" : "global"} settings.\n`);
          return 1;
        }
        io.stdout(`Removed ${source}\n`);
        return 0;
      case "update":
        return await runUpdate(parsed.update!, parsed.force, context, io);
      case "list":
        io.stdout(formatList(await listPackages(context)));
        return 0;
    }
  } catch (error) {
    io.stderr(`pith: ${error instanceof PithError ? error.message : `unexpected error: ${errorMessage(error)}`}\n`);
    return 1;
  }
}

async function runUpdate(target: UpdateTarget, force: boolean, context: PackageManagerContext, io: PackageCommandIO): Promise<number> {
  if (target.models) io.stdout("pith's model catalogue ships with pith: `pith update --self` brings the newest.\n");
  if (!target.packages && !target.self) return 0;
  if (isOffline(io.env)) {
    throw new PithError("OFFLINE", "pith is offline (PI_OFFLINE is set): `pith update` needs the network. Unset PI_OFFLINE and run it again.");
  }
  if (target.packages) {
    for (const result of await updatePackages(target.source, context, { force })) {
      const said = { updated: "Updated", installed: "Installed", reinstalled: "Reinstalled", pinned: "Skipped (pinned)", local: "Skipped (local path)" }[result.outcome];
      io.stdout(`${said} ${result.source}\n`);
    }
  }
  if (!target.self) return 0;
  const { selfUpdate } = await import("./self-update.js");
  const result = await selfUpdate({ npmCommand: npmCommandOf(context.settings), signal: io.signal, env: io.env, force, progress: context.progress! });
  switch (result.outcome) {
    case "current":
      io.stdout(`pith is already up to date (${result.version}); --force reinstalls it.\n`);
      return 0;
    case "updated":
      io.stdout(`Updated pith to ${result.version}\n`);
      return 0;
    case "unavailable":
      io.stderr(`pith: cannot update pith itself: ${result.reason}\n`);
      // asked for pith alone, not updating it is a failure; next to the packages it is a note
      return target.packages ? 0 : 1;
  }
}

function formatList({ packages, problems }: { packages: ListedPackage[]; problems: string[] }): string {
  const lines: string[] = problems.map((problem) => `warning: ${problem}`);
  if (packages.length === 0) return [...lines, "No packages installed."].join("\n") + "\n";
  for (const [scope, title] of [["global", "User packages:"], ["project", "Project packages:"]] as const) {
    const inScope = packages.filter((pkg) => pkg.scope === scope);
    if (inScope.length === 0) continue;
    if (lines.length > 0) lines.push("");
    lines.push(title);
    for (const pkg of inScope) {
      lines.push(`  ${pkg.source}${pkg.filtered ? " (filtered)" : ""}`);
      lines.push(`    ${pkg.installedPath}${pkg.installed ? "" : " (not installed)"}`);
      const provides = pkg.resources ? describeResources(pkg.resources, pkg.installedPath) : [];
      if (pkg.installed && provides.length === 0) lines.push("    provides nothing");
      for (const line of provides) lines.push(`    ${line}`);
      for (const problem of pkg.problems) lines.push(`    warning: ${problem}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
