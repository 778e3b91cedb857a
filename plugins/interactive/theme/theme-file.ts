// pi's theme files: JSON with a `name`, optional `vars` (colours by name, which may refer to each other) and
// `colors` for every role of THEME_TOKENS. A value is "#rgb"/"#rrggbb", oklch(...)/okhsl(...), an xterm index
// 0-255, the name of a var, or "" for the terminal's own colour. Anything else makes the file invalid, with a
// message that says where.
import { readFileSync } from "node:fs";
import { parseColor } from "@earendil-works/pi-tui";
import { PithError } from "../../../kernel/index.js";
import { OPTIONAL_TOKENS, THEME_TOKENS, type ColorValue, type Palette } from "./tokens.js";

export interface ThemeFile {
  name: string;
  palette: Palette;
  path: string;
}

export const RESERVED_THEME_NAME = "system";

export function readThemeFile(path: string): ThemeFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw invalid(path, error instanceof Error ? error.message : String(error));
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw invalid(path, "expected an object with name and colors");
  const { name, vars = {}, colors } = data as { name?: unknown; vars?: unknown; colors?: unknown };
  if (typeof name !== "string" || name === "") throw invalid(path, '"name" must be a non-empty string');
  if (name.includes("/") || name === RESERVED_THEME_NAME) throw invalid(path, `"name" cannot contain "/" or be "${RESERVED_THEME_NAME}"`);
  if (vars === null || typeof vars !== "object" || Array.isArray(vars)) throw invalid(path, '"vars" must be an object');
  if (colors === null || typeof colors !== "object" || Array.isArray(colors)) throw invalid(path, '"colors" must be an object');
  const given = colors as Record<string, unknown>;
  const missing = THEME_TOKENS.filter((token) => !(token in given) && OPTIONAL_TOKENS[token] === undefined);
  if (missing.length > 0) throw invalid(path, `"colors" lacks ${missing.join(", ")}`);
  const palette = {} as Record<string, ColorValue>;
  for (const token of THEME_TOKENS) {
    const source = token in given ? token : OPTIONAL_TOKENS[token]!;
    palette[token] = resolve(given[source], vars as Record<string, unknown>, path, `colors.${source}`, []);
  }
  return { name, palette: palette as Palette, path };
}

/** a value as the terminal takes it: a var name followed to its colour, checked */
function resolve(value: unknown, vars: Record<string, unknown>, path: string, where: string, seen: string[]): ColorValue {
  if (value === "") return "";
  if (typeof value === "number") {
    if (Number.isInteger(value) && value >= 0 && value <= 255) return value;
    throw invalid(path, `${where}: ${value} is not a colour index 0-255`);
  }
  if (typeof value !== "string") throw invalid(path, `${where}: expected a colour string or index`);
  if (value in vars) {
    if (seen.includes(value)) throw invalid(path, `${where}: the vars ${[...seen, value].join(" → ")} refer to each other in a circle`);
    return resolve(vars[value], vars, path, `vars.${value}`, [...seen, value]);
  }
  try {
    parseColor(value);
  } catch {
    throw invalid(path, `${where}: "${value}" is neither a colour nor a var`);
  }
  return value;
}

function invalid(path: string, problem: string): PithError {
  return new PithError("THEME_INVALID", `Theme file ${path} is invalid: ${problem}`);
}
