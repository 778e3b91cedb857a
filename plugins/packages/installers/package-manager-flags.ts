// The flags an install or uninstall gets per package manager. pi packages declare pi itself (and pi-tui, pi-ai)
// as peer dependencies; pith serves those modules to extensions, so peers must never be installed: npm 7+ would
// otherwise fetch a whole pi with every provider SDK beside each package, and a stale one can block updates.
// pi 1.6.0 passes the same peerless flags, so an install folder both tools share looks the same.
import { basename } from "node:path";
import { PithError } from "../../../kernel/index.js";

type ManagerName = "npm" | "pnpm" | "bun" | "other";

const KNOWN = new Set(["npm", "pnpm", "bun"]);
const commandName = (command: string) => basename(command).replace(/\.(cmd|exe)$/i, "");

/**
 * Which package manager the `npmCommand` setting runs: its command, or the one a wrapper names (`mise exec -- pnpm`,
 * `corepack pnpm`); with no setting, npm.
 */
export function packageManagerOf(npmCommand: readonly string[] | undefined): ManagerName {
  if (!npmCommand || npmCommand.length === 0) return "npm";
  const [command = "", ...args] = npmCommand;
  const named = namedManagers(command, args);
  if (named.length > 1) {
    throw new PithError("PACKAGE_MANAGER_AMBIGUOUS", `npmCommand names more than one package manager (${named.join(", ")}); keep one`);
  }
  const name = commandName(named[0] ?? command);
  return name === "npm" || name === "pnpm" || name === "bun" ? name : "other";
}

/** What follows `--`, else the command when it is a known manager, else the known managers among the arguments. */
function namedManagers(command: string, args: readonly string[]): string[] {
  const separator = args.lastIndexOf("--");
  if (separator >= 0) return args[separator + 1] === undefined ? [] : [args[separator + 1]!];
  if (KNOWN.has(commandName(command))) return [command];
  return [...new Set(args.map(commandName).filter((arg) => KNOWN.has(arg)))];
}

const PNPM_NO_PEERS = ["--config.auto-install-peers=false", "--config.strict-peer-dependencies=false", "--config.strict-dep-builds=false"];
const NPM_QUIET = ["--no-audit", "--no-fund", "--loglevel=error"];

/** Flags after `install <spec>` for a package installed from npm. */
export function packageInstallFlags(manager: ManagerName): string[] {
  if (manager === "bun") return ["--omit=peer"];
  if (manager === "pnpm") return PNPM_NO_PEERS;
  return ["--omit=dev", "--legacy-peer-deps", ...NPM_QUIET];
}

/** The whole argv after the command for installing a cloned git package's own dependencies. */
export function dependencyInstallArgs(manager: ManagerName): string[] {
  if (manager === "bun") return ["install", "--omit=dev", "--omit=peer"];
  if (manager === "pnpm") return ["install", "--prod", ...PNPM_NO_PEERS];
  if (manager === "npm") return ["install", "--omit=dev", "--legacy-peer-deps", ...NPM_QUIET];
  return ["install"];
}

/** Flags after `uninstall <name>`: npm re-solves the tree on uninstall, and would install the peers then. */
export function uninstallFlags(manager: ManagerName): string[] {
  return manager === "pnpm" || manager === "bun" ? [] : ["--legacy-peer-deps", ...NPM_QUIET];
}
