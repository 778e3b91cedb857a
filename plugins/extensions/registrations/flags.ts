// The second pass over the command line: extension flags (`pi.registerFlag`) are parsed from what the CLI's own
// options left over. `--name` and `--no-name` set a boolean flag (a boolean never takes the next word, unlike
// pi, where it swallows a following message); `--name value` and `--name=value` set a string flag.

export interface FlagDefinition {
  name: string;
  type: "boolean" | "string";
}

export interface ParsedFlags {
  values: Map<string, boolean | string>;
  /** options no extension registered, as written */
  unknown: string[];
  /** words that are not options */
  rest: string[];
  /** flags used wrongly, worded for the user */
  errors: string[];
}

export function parseExtensionFlags(argv: readonly string[], flags: readonly FlagDefinition[]): ParsedFlags {
  const byName = new Map(flags.map((flag) => [flag.name, flag]));
  const parsed: ParsedFlags = { values: new Map(), unknown: [], rest: [], errors: [] };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === "--") {
      parsed.rest.push(...argv.slice(index + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      parsed.rest.push(arg);
      continue;
    }
    if (!arg.startsWith("--")) {
      parsed.unknown.push(arg);
      continue;
    }
    const equals = arg.indexOf("=");
    const name = arg.slice(2, equals === -1 ? undefined : equals);
    const inline = equals === -1 ? undefined : arg.slice(equals + 1);
    const flag = byName.get(name);
    const negated = !flag && name.startsWith("no-") ? byName.get(name.slice(3)) : undefined;
    if (negated?.type === "boolean" && inline === undefined) {
      parsed.values.set(negated.name, false);
    } else if (!flag) {
      parsed.unknown.push(arg);
    } else if (flag.type === "boolean") {
      if (inline === undefined || inline === "true") parsed.values.set(name, true);
      else if (inline === "false") parsed.values.set(name, false);
      else parsed.errors.push(`--${name} is an on/off flag: write --${name} or --no-${name}, not --${name}=${inline}`);
    } else if (inline !== undefined) {
      parsed.values.set(name, inline);
    } else if (index + 1 < argv.length) {
      parsed.values.set(name, argv[++index]!);
    } else {
      parsed.errors.push(`--${name} needs a value: --${name} <value>`);
    }
  }
  return parsed;
}
