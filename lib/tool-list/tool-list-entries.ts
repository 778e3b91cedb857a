// The entries of a tool list (`--tools`, `defaultTools`): tool names and `*` patterns, or only `+name`/`-name`
// changes to the default tools. Shared by pith's CLI and the `parseArgs` pi-coding-agent serves to extensions.

/** `+name` or `-name`: a change to the default tools */
export const isToolModifier = (entry: string): boolean => entry.startsWith("+") || entry.startsWith("-");

/** Why a tool list is refused, or undefined. */
export function toolListError(entries: readonly string[]): string | undefined {
  const modifiers = entries.filter(isToolModifier);
  if (modifiers.length === 0) return undefined;
  if (modifiers.length < entries.length) return "tool names cannot be mixed with +name or -name entries";
  const pattern = modifiers.find((entry) => entry.includes("*"));
  return pattern ? `+name and -name entries take exact tool names, not patterns: ${pattern}` : undefined;
}
