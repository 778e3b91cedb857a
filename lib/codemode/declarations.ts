// What a codemode script is told about a tool, in pi 1.6.0's format: a TypeScript member of `declare const tools`
// built from the tool's JSON Schemas. Objects list their properties sorted by name on one line, or one per line
// with `//` comments when a property has a description or constraints a type cannot say (`@integer @minimum 1`).
// Local `$ref`s expand (recursive and remote ones are `unknown`); an input type too long becomes `unknown`.

/** The identifier a script uses for a tool: characters not valid in a JavaScript identifier become `_`. */
export function scriptIdentifier(name: string): string {
  const chars = [...name].map((char, index) => ((index === 0 ? /[A-Za-z_$]/ : /[A-Za-z0-9_$]/).test(char) ? char : "_"));
  return chars.length === 0 ? "_" : chars.join("");
}

export interface ScriptToolDeclaration {
  name: string;
  description: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

const INPUT_TYPE_LIMIT = 16_000;
const REF_EXPANSION_LIMIT = 32;
const TAG_LIMIT = 80;
const TAGGED = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "format", "minItems", "maxItems"];
const RAISES = new Set(["minimum", "exclusiveMinimum", "minLength", "minItems"]);
const LOWERS = new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems"]);
const LINE_BREAKS = /[\r\n\u2028\u2029]/g;

type Schema = Record<string, unknown>;
interface Walk {
  root: unknown;
  open: Set<string>;
  expansions: number;
  tags: boolean;
}

const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);

/** The tool's sample, as listings and `ALL_TOOLS` show it: its description, then its declaration in a ts fence. */
export function toolSample(tool: ScriptToolDeclaration): string {
  return `${tool.description.trim()}\n\ncodemode tool declaration:\n\`\`\`ts\ndeclare const tools: { ${toolSignature(tool)} };\n\`\`\``;
}

export function toolSignature(tool: ScriptToolDeclaration): string {
  const input = tool.inputSchema === undefined ? "unknown" : schemaType(tool.inputSchema, INPUT_TYPE_LIMIT);
  return `${scriptIdentifier(tool.name)}(args: ${input}): Promise<${outputType(tool.outputSchema)}>;`;
}

export function outputType(schema: unknown): string {
  return schema === undefined ? "unknown" : schemaType(schema);
}

export function schemaType(schema: unknown, limit?: number): string {
  const render = (tags: boolean) => typeOf(schema, { root: schema, open: new Set(), expansions: 0, tags });
  const full = render(true);
  if (limit === undefined || full.length <= limit) return full;
  const bare = render(false);
  return bare.length <= limit ? bare : "unknown";
}

/** The subschema a local reference (`#`, `#/$defs/Item`) names in `root`. */
export function localReference(ref: string, root: unknown): Schema | boolean | undefined {
  if (ref !== "#" && !ref.startsWith("#/")) return undefined;
  let at: unknown = root;
  for (const part of ref.slice(2).split("/").filter(Boolean)) {
    let key: string;
    try {
      key = decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~");
    } catch {
      return undefined;
    }
    if (!isSchema(at) || !(key in at)) return undefined;
    at = at[key];
  }
  return typeof at === "boolean" || isSchema(at) ? at : undefined;
}

function anyOfTypes(types: string[]): string {
  const distinct = [...new Set(types)];
  if (distinct.includes("unknown")) return "unknown";
  return distinct.length === 0 ? "never" : distinct.join(" | ");
}

function typeOf(schema: unknown, walk: Walk): string {
  if (schema === true) return "unknown";
  if (schema === false) return "never";
  if (!isSchema(schema)) return "unknown";
  if (typeof schema.$ref === "string") return referenceType(schema.$ref, walk);
  if ("const" in schema) return JSON.stringify(schema.const) ?? "unknown";
  if (Array.isArray(schema.enum)) return anyOfTypes(schema.enum.map((value) => JSON.stringify(value) ?? "unknown"));
  const choices = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (choices) return anyOfTypes(choices.map((choice) => typeOf(choice, walk)));
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => typeOf(part, walk)).filter((part) => part !== "unknown");
    return parts.length === 0 ? "unknown" : parts.map((part) => (part.includes(" | ") ? `(${part})` : part)).join(" & ");
  }
  if (Array.isArray(schema.type)) return anyOfTypes(schema.type.map((type) => typeOf({ ...schema, type }, walk)));
  switch (schema.type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return arrayType(schema, walk);
    case "object":
      return objectType(schema, walk);
    case undefined:
      if ("properties" in schema || "additionalProperties" in schema || "required" in schema) return objectType(schema, walk);
      return "items" in schema || "prefixItems" in schema ? arrayType(schema, walk) : "unknown";
    default:
      return "unknown";
  }
}

function referenceType(ref: string, walk: Walk): string {
  if (walk.open.has(ref) || walk.expansions >= REF_EXPANSION_LIMIT) return "unknown";
  const target = localReference(ref, walk.root);
  if (target === undefined) return "unknown";
  walk.expansions++;
  walk.open.add(ref);
  try {
    return typeOf(target, walk);
  } finally {
    walk.open.delete(ref);
  }
}

function arrayType(schema: Schema, walk: Walk): string {
  if (schema.items !== undefined && !Array.isArray(schema.items)) return `Array<${typeOf(schema.items, walk)}>`;
  const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  return tuple.length > 0 ? `[${tuple.map((item) => typeOf(item, walk)).join(", ")}]` : "unknown[]";
}

function objectType(schema: Schema, walk: Walk): string {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const names = Object.keys(properties).sort();
  const members = names.map((name) => `${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name)}${required.has(name) ? "" : "?"}: ${typeOf(properties[name], walk)};`);
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) members.push(`[key: string]: ${extra === true ? "unknown" : typeOf(extra, walk)};`);
  else if (extra === undefined && names.length === 0) members.push("[key: string]: unknown;");
  if (members.length === 0) return "{}";
  const notes = names.map((name) => {
    const property = properties[name];
    const description = isSchema(property) && typeof property.description === "string" ? property.description.trim() : "";
    const lines = description.split(LINE_BREAKS).map((line) => line.trim()).filter(Boolean);
    const tags = walk.tags ? constraintTags(property) : "";
    return tags ? [...lines, tags] : lines;
  });
  if (notes.every((note) => note.length === 0)) return `{ ${members.join(" ")} }`;
  const lines = ["{"];
  notes.forEach((note, index) => {
    for (const line of note) lines.push(`  // ${line}`);
    lines.push(`  ${members[index]!.replaceAll("\n", "\n  ")}`);
  });
  for (const member of members.slice(names.length)) lines.push(`  ${member}`);
  lines.push("}");
  return lines.join("\n");
}

/** `@integer @minimum 1 @default 20`: what the type cannot say; an optional value's non-null branch counts too. */
function constraintTags(property: unknown): string {
  if (!isSchema(property)) return "";
  const choices = Array.isArray(property.anyOf) ? property.anyOf : Array.isArray(property.oneOf) ? property.oneOf : [];
  const nonNull = choices.filter((choice) => !(isSchema(choice) && choice.type === "null"));
  const sources = (nonNull.length === 1 && isSchema(nonNull[0]) ? [property, nonNull[0]] : [property]).map((source): Schema => ({
    ...source,
    // draft 4's boolean exclusive bounds turn the plain bound exclusive
    ...(source.exclusiveMinimum === true ? { minimum: undefined, exclusiveMinimum: source.minimum } : {}),
    ...(source.exclusiveMaximum === true ? { maximum: undefined, exclusiveMaximum: source.maximum } : {}),
  }));
  const tags: string[] = [];
  const integer = (type: unknown) => type === "integer" || (Array.isArray(type) && type.includes("integer"));
  if (sources.some((source) => integer(source.type))) tags.push("@integer");
  for (const keyword of TAGGED) {
    const values = sources.map((source) => source[keyword]);
    if (RAISES.has(keyword) || LOWERS.has(keyword)) {
      const numbers = values.filter((value): value is number => typeof value === "number");
      if (numbers.length > 0) tags.push(`@${keyword} ${RAISES.has(keyword) ? Math.max(...numbers) : Math.min(...numbers)}`);
      continue;
    }
    for (const value of new Set(values)) if (typeof value === "number" || typeof value === "string") tags.push(`@${keyword} ${value}`);
  }
  if (sources.some((source) => source.uniqueItems === true)) tags.push("@uniqueItems");
  if (property.default !== undefined && property.default !== null) tags.push(`@default ${JSON.stringify(property.default)}`);
  if (property.deprecated === true) tags.push("@deprecated");
  return tags
    .filter((tag) => tag.length <= TAG_LIMIT)
    .map((tag) => tag.replace(LINE_BREAKS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`))
    .join(" ");
}
