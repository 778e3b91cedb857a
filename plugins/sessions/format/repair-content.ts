// A message whose `content` has the wrong type (a user message with `"content": 42`) would break every reader of it:
// the content becomes text (user, custom) or a text block (assistant, tool result). A system message's declarations
// of the wrong shape (its sections, the tools it adds or removes) are left out, each part on its own. Used where a
// message line is parsed, at load or, for a line read lazily, when it is first read.

type Message = Record<string, unknown>;

/** Repairs `message` in place; returns what was wrong, if anything. */
export function repairMessageContent(message: unknown): string | undefined {
  const declarations = isObject(message) && message.role === "system" ? repairDeclarations(message) : undefined;
  const role = isObject(message) ? message.role : undefined;
  // a reply always carries its usage; a tool result only when its tool called a model
  const usage = role === "assistant" || role === "toolResult" ? repairUsage(message as Message, `the ${role} message`, role === "assistant") : undefined;
  const problems = [repairContent(message), declarations, usage].filter((problem) => problem !== undefined);
  return problems.length > 0 ? problems.join("; ") : undefined;
}

const COUNTS = ["input", "output", "cacheRead", "cacheWrite"] as const;
const COSTS = ["input", "output", "cacheRead", "cacheWrite", "total"] as const;

/**
 * `holder.usage`, when there is one, with every count and cost a number (what is missing or not a number counts as
 * zero), so sums over a session (`/session`, `get_session_stats`, cache misses) stay numbers; one that is not an
 * object is zero when `required`, else left out. Returns what was wrong, naming `what` holds it.
 */
export function repairUsage(holder: Record<string, unknown>, what: string, required: boolean): string | undefined {
  const usage = holder.usage;
  // none at all is left to the readers, which count it as nothing (a message a test or a tool wrote by hand)
  if (usage === undefined) return undefined;
  if (!isObject(usage)) {
    if (required) holder.usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
    else delete holder.usage;
    return `${what}'s usage is ${usage === null ? "null" : typeof usage}, not an object; ${required ? "counted as zero" : "left out"}`;
  }
  let wrong = false;
  for (const key of COUNTS) if (!isCount(usage[key])) [usage[key], wrong] = [0, true];
  if (!isCount(usage.totalTokens)) [usage.totalTokens, wrong] = [COUNTS.reduce((sum, key) => sum + (usage[key] as number), 0), true];
  const cost = isObject(usage.cost) ? usage.cost : (usage.cost = {});
  for (const key of COSTS) if (!isCount(cost[key])) [cost[key], wrong] = [0, true];
  return wrong ? `${what}'s usage has counts or costs that are not numbers; counted as zero` : undefined;
}

const isCount = (value: unknown) => typeof value === "number" && Number.isFinite(value);

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
