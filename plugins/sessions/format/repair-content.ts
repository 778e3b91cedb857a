// A message whose `content` has the wrong type (a user message with `"content": 42`) would break every reader of it:
// the content becomes text (user, custom) or a text block (assistant, tool result). A system message's declarations
// of the wrong shape (its sections, the tools it adds or removes) are left out, each part on its own. Used where a
// message line is parsed, at load or, for a line read lazily, when it is first read.

type Message = Record<string, unknown>;

/** Repairs `message` in place; returns what was wrong, if anything. */
export function repairMessageContent(message: unknown): string | undefined {
  const declarations = isObject(message) && message.role === "system" ? repairDeclarations(message) : undefined;
  const content = repairContent(message);
  return declarations && content ? `${content}; ${declarations}` : (declarations ?? content);
}

function repairContent(message: unknown): string | undefined {
  if (!isObject(message) || !("content" in message)) return undefined;
  const { role, content } = message;
  const blocksOnly = role === "assistant" || role === "toolResult";
  if (Array.isArray(content)) {
    if (content.every(isObject)) return undefined;
    message.content = content.flatMap((item) => (isObject(item) ? [item] : item === null || item === undefined ? [] : [{ type: "text", text: textOf(item) }]));
    return `the ${String(role)} message's content holds items that are not content blocks`;
  }
  if (typeof content === "string" && !blocksOnly) return undefined;
  const text = content === null || content === undefined ? "" : textOf(content);
  message.content = blocksOnly ? (text ? [{ type: "text", text }] : []) : text;
  return `the ${String(role)} message's content is ${content === null ? "null" : typeof content}, not ${blocksOnly ? "an array" : "text or an array"}`;
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function isObject(value: unknown): value is Message {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A system message's `sections` (name to text or null), `toolsAdded` (tools with a name) and `toolsRemoved` (names). */
function repairDeclarations(message: Message): string | undefined {
  const problems: string[] = [];
  const { sections, toolsAdded, toolsRemoved } = message;
  if (sections !== undefined && !(isObject(sections) && Object.values(sections).every((text) => typeof text === "string" || text === null))) {
    problems.push(`its sections are ${describe(sections)}, not names with texts`);
    if (isObject(sections)) message.sections = Object.fromEntries(Object.entries(sections).filter(([, text]) => typeof text === "string" || text === null));
    else delete message.sections;
  }
  for (const [key, value, valid] of [
    ["toolsAdded", toolsAdded, isToolDeclaration],
    ["toolsRemoved", toolsRemoved, isNamed],
  ] as const) {
    if (value === undefined || (Array.isArray(value) && value.every(valid))) continue;
    problems.push(`its ${key} is ${describe(value)}, not a list of tools`);
    if (Array.isArray(value)) message[key] = value.filter(valid);
    else delete message[key];
  }
  return problems.length > 0 ? `the system message's declarations were not readable (${problems.join("; ")})` : undefined;
}

const isNamed = (value: unknown) => isObject(value) && typeof value.name === "string";
const isToolDeclaration = (value: unknown) => isNamed(value) && typeof (value as Message).description === "string" && isObject((value as Message).parameters);

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list with items of the wrong shape";
  return isObject(value) ? "an object with values of the wrong type" : typeof value;
}
