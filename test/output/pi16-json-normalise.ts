// `--mode json` lines of pith and of pi 1.6.0, made comparable: what differs between any two runs (ids, timestamps,
// durations, the folder) is replaced by its name, and pith's own system prompt is compared by its section and tool
// names; `responseId` and `usage` of an assistant `message_start` go (pi's has them or not depending on when the
// provider's first event arrives).
const VARYING = new Set(["timestamp", "id", "toolCallId", "responseId", "durationMs", "cwd", "wall_time_seconds"]);

export function normalise(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((item) => normalise(item));
  if (typeof value !== "object" || value === null) return VARYING.has(key) ? `<${key}>` : value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(record)) {
    if (record.role === "system" && name === "sections") out[name] = Object.keys(field as object).sort();
    else if (record.role === "system" && name === "toolsAdded") out[name] = (field as { name: string }[]).map((tool) => tool.name).sort();
    else out[name] = normalise(field, name);
  }
  return out;
}

/** one parsed line, normalised */
export function comparableEvent(event: Record<string, unknown>): unknown {
  if (event.type === "message_start" && (event.message as { role: string }).role === "assistant") {
    delete (event.message as Record<string, unknown>).responseId;
    delete (event.message as Record<string, unknown>).usage;
  }
  return normalise(event);
}
