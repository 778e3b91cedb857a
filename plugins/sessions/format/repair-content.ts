// A message whose `content` has the wrong type (a user message with `"content": 42`) would break every reader of it:
// the content becomes text (user, custom) or a text block (assistant, tool result). Used where a message line is
// parsed, at load or, for a line read lazily, when it is first read.

type Message = Record<string, unknown>;

/** Repairs `message` in place; returns what was wrong, if anything. */
export function repairMessageContent(message: unknown): string | undefined {
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
