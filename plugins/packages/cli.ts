// `pith install|remove|uninstall|update|list`: checked before the main flag parsing, with pi's wording for
// usage errors ("Unknown option X for "install".", "Missing install source.").
import { PithError, errorMessage } from "../../kernel/errors.js";
import { resolveAgentDir } from "../models/agent-dir.js";
import { SettingsManager } from "../settings/index.js";
import { installPackage, listPackages, removePackage, updatePackages, type ListedPackage, type PackageManagerContext } from "./package-manager.js";
import { describeResources } from "./package-resources.js";

export interface PackageCommandIO {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  signal?: AbortSignal;
}

type Command = "install" | "remove" | "update" | "list";

const USAGE: Record<Command, string> = {
  install: "pith install <source> [-l]",
  remove: "pith remove <source> [-l]",
  update: "pith update [source]",
  list: "pith list",
};

const HELP: Record<Command, string> = {
  install: "Install a package (npm:<name>[@version], git:<host>/<path>[@ref], a git URL, or a local path) and add it to the global settings.\n\nOptions:\n  -l, --local    install for this project (.pi/settings.json)",
  remove: "Remove a package and its source from the settings (alias: pith uninstall).\n\nOptions:\n  -l, --local    remove from the project settings (.pi/settings.json)",
  update: "Update every unpinned npm and git package, or the one named. Versions and refs pin a package.",
  list: "List the packages of the global and project settings, with what each provides.",
};

interface ParsedCommand {
  command: Command;
  source?: string;
  local: boolean;
  help: boolean;
  problem?: string;
}

export function parsePackageCommand(argv: readonly string[]): ParsedCommand {
  const [word, ...rest] = argv;
  const command: Command = word === "uninstall" ? "remove" : (word as Command);
  const parsed: ParsedCommand = { command, local: false, help: false };
  for (const arg of rest) {
    if (arg === "-h" || arg === "--help") parsed.help = true;
    else if ((arg === "-l" || arg === "--local") && (command === "install" || command === "remove")) parsed.local = true;
    else if (arg.startsWith("-") && arg.length > 1) parsed.problem ??= `Unknown option ${arg} for "${command}".`;
    else if (command === "list" || parsed.source !== undefined) parsed.problem ??= `Unexpected argument ${arg}.`;
    else parsed.source = arg;
  }
  if (!parsed.problem && !parsed.help && (command === "install" || command === "remove") && parsed.source === undefined) {
    parsed.problem = `Missing ${command} source.`;
  }
  return parsed;
}

export async function runPackageCommand(argv: readonly string[], io: PackageCommandIO): Promise<number> {
  const parsed = parsePackageCommand(argv);
  if (parsed.help) {
    io.stdout(`Usage: ${USAGE[parsed.command]}\n\n${HELP[parsed.command]}\n`);
    return 0;
  }
  if (parsed.problem) {
    io.stderr(`pith: ${parsed.problem}\nUsage: ${USAGE[parsed.command]}\n`);
    return 1;
  }
  const agentDir = resolveAgentDir(io.env);
  const settings = await SettingsManager.load({ agentDir, cwd: io.cwd, env: io.env });
  for (const warning of settings.warnings) io.stderr(`pith: warning: ${warning.message}\n`);
  const context: PackageManagerContext = {
    cwd: io.cwd,
    agentDir,
    homeDir: io.env.HOME,
    settings,
    signal: io.signal,
    env: io.env,
    progress: (line) => io.stdout(`${line}\n`),
  };
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
        for (const result of await updatePackages(source, context)) {
          const said = { updated: "Updated", installed: "Installed", pinned: "Skipped (pinned)", local: "Skipped (local path)" }[result.outcome];
          io.stdout(`${said} ${result.source}\n`);
        }
        return 0;
      case "list":
        io.stdout(formatList(await listPackages(context)));
        return 0;
    }
  } catch (error) {
    io.stderr(`pith: ${error instanceof PithError ? error.message : `unexpected error: ${errorMessage(error)}`}\n`);
    return 1;
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
