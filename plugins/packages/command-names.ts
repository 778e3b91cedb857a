// The package subcommands, apart from their implementation, so the CLI can recognise them without loading it.
export const PACKAGE_COMMANDS = ["install", "remove", "uninstall", "update", "list"] as const;

export function isPackageCommand(word: string | undefined): boolean {
  return word !== undefined && (PACKAGE_COMMANDS as readonly string[]).includes(word);
}
