// Fills a template's placeholders in one pass over the template, so text that came from an argument is
// never scanned again. Placeholders (pi's set): `$N` (1-based; `$0` and missing ones become ""),
// `${@:N}` and `${@:N:L}` (slices, start 0 treated as 1), `$ARGUMENTS` and `$@` (all arguments).
// Case-sensitive; there is no escape (`\$1` still substitutes).

const PLACEHOLDER = /\$\{@:(\d+)(?::(\d+))?\}|\$ARGUMENTS|\$@|\$(\d+)/g;

/** Called once per `$N` placeholder that had no argument (`$0` included: arguments start at `$1`). */
export type MissingArgumentListener = (position: number) => void;

export function substituteArgs(content: string, args: readonly string[], onMissing?: MissingArgumentListener): string {
  const all = args.join(" ");
  return content.replace(PLACEHOLDER, (match, sliceStart?: string, sliceLength?: string, position?: string) => {
    if (position !== undefined) {
      const index = Number.parseInt(position, 10) - 1;
      const value = index >= 0 ? args[index] : undefined;
      if (value === undefined) onMissing?.(index + 1);
      return value ?? "";
    }
    if (sliceStart !== undefined) {
      const start = Math.max(0, Number.parseInt(sliceStart, 10) - 1);
      const end = sliceLength === undefined ? undefined : start + Number.parseInt(sliceLength, 10);
      return args.slice(start, end).join(" ");
    }
    return match === "$ARGUMENTS" || match === "$@" ? all : match;
  });
}
