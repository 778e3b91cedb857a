// What the CLI must recognise before loading the package manager: the package subcommands, and `-e` values
// that are package sources rather than paths.
export { isRemoteSource } from "../sources/source.js";

export const PACKAGE_COMMANDS = ["install", "remove", "uninstall", "update", "list", "config"] as const;

export function isPackageCommand(word: string | undefined): boolean {
  return word !== undefined && (PACKAGE_COMMANDS as readonly string[]).includes(word);
}
