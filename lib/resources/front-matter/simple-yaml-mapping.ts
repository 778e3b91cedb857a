// Most front matter is a few `key: plain words` lines (name, description). Those are read here without the YAML
// library, whose first load and parse cost a run ~5 ms; anything else, down to one unusual character, is left to
// it (undefined). Only values that YAML 1.2's core schema reads as the same string are taken.

const LINE = /^([A-Za-z_][A-Za-z0-9_-]*):[ ]+(\S(?:[^\t]*\S)?)[ ]*$/;
/** characters with no meaning inside a YAML plain scalar (no `:`, `#`, quotes, brackets, anchors or tags) */
const PLAIN_TEXT = /^[A-Za-z0-9 .,;()/_+='!?$%^-]+$/;
/** a letter first: numbers, dates and indicators such as `-`, `!` or `&` at the start are left to YAML */
const PLAIN_START = /^[A-Za-z]/;
/** null, booleans and the other words the core schema (and YAML 1.1 readers) may treat specially */
const SPECIAL_WORDS = new Set(["null", "true", "false", "yes", "no", "on", "off", "y", "n"]);

/** The mapping of `yamlText` when every line is `key: plain text`; undefined when YAML must decide. */
export function simpleYamlMapping(yamlText: string): Record<string, string> | undefined {
  const mapping: Record<string, string> = {};
  const seen = new Set<string>();
  for (const line of yamlText.split("\n")) {
    if (line.trim() === "") continue;
    const match = LINE.exec(line);
    if (!match) return undefined;
    const [, key, value] = match as unknown as [string, string, string];
    if (seen.has(key) || key === "__proto__" || SPECIAL_WORDS.has(key.toLowerCase())) return undefined;
    if (!PLAIN_START.test(value) || !PLAIN_TEXT.test(value) || SPECIAL_WORDS.has(value.toLowerCase())) return undefined;
    seen.add(key);
    mapping[key] = value;
  }
  return seen.size > 0 ? mapping : undefined;
}
