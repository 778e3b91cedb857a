// Splits a template's argument string the way pi does: spaces and tabs separate, `'` and `"` group
// (the quote characters are dropped, there are no escapes), and empty pieces vanish.

export function parseCommandArgs(argsString: string): string[] {
  const args: string[] = [];
  let current = "";
  let quote: string | undefined;
  for (const char of argsString) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === " " || char === "\t") {
      if (current !== "") args.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  if (current !== "") args.push(current);
  return args;
}
