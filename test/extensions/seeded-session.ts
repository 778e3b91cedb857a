// A small version 3 session with what pi 1.6.0 writes: system messages, tool calls and results, model and
// thinking changes, a plugin message, a label, a compaction with its checkpoint, a context edit, a branch and a
// branch summary; and a version 1 file of the same kind. Ids are readable so that cases can name entries.
const usage = { input: 100, output: 20, cacheRead: 0, cacheWrite: 0, totalTokens: 120, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
let clock = Date.parse("2026-11-20T10:00:00.000Z");
const at = () => new Date((clock += 1000)).toISOString();
const reply = (content: unknown[], stopReason = "stop") => ({ role: "assistant", content, api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", usage, stopReason, timestamp: clock });
const call = (id: string, name: string, path: string) => ({ type: "toolCall", id, name, arguments: { path } });
const result = (toolCallId: string, toolName: string, text: string) => ({ role: "toolResult", toolCallId, toolName, content: [{ type: "text", text }], isError: false, timestamp: clock });
const user = (text: string) => ({ role: "user", content: text, timestamp: clock });
const system = (content: string) => ({ role: "system", content, toolsAdded: [{ name: "read", description: "Read a file", parameters: { type: "object" } }], timestamp: clock });

function entry(type: string, id: string, parentId: string | null, fields: Record<string, unknown>): Record<string, unknown> {
  return { type, id, parentId, timestamp: at(), ...fields };
}
const message = (id: string, parentId: string | null, body: Record<string, unknown>) => entry("message", id, parentId, { message: body });

const source = "export function add(a, b) {\n  return a - b;\n}\n".repeat(60);

const entries = [
  message("s1", null, system("You are a coding agent.")),
  message("u1", "s1", user("Fix the failing test in src/add.ts")),
  message("a1", "u1", reply([{ type: "text", text: "Reading it." }, call("c1", "read", "src/add.ts")], "toolUse")),
  message("t1", "a1", result("c1", "read", source)),
  message("a2", "t1", reply([{ type: "thinking", thinking: "The sign is wrong." }, call("c2", "edit", "src/add.ts")], "toolUse")),
  message("t2", "a2", result("c2", "edit", "Edited src/add.ts")),
  message("a3", "t2", reply([{ type: "text", text: "Fixed: add now adds." }])),
  message("b1", "a3", user("Try another approach")),
  message("b2", "b1", reply([call("c3", "write", "src/other.ts")], "toolUse")),
  entry("model_change", "m1", "a3", { provider: "openai", modelId: "gpt-5" }),
  entry("thinking_level_change", "th", "m1", { thinkingLevel: "high" }),
  message("u2", "th", user("Now update the docs")),
  entry("custom_message", "cm", "u2", { customType: "note", content: "Remember the changelog", display: true, details: { from: "ext" } }),
  message("s2", "cm", system("You are a coding agent. Docs mode.")),
  message("a4", "s2", reply([{ type: "text", text: "Docs updated." }])),
  entry("label", "lb", "a4", { targetId: "u1", label: "start" }),
  entry("compaction", "k1", "lb", {
    summary: "Fixed add; docs updated.",
    firstKeptEntryId: "u2",
    tokensBefore: 4000,
    details: { readFiles: ["src/add.ts"], modifiedFiles: ["docs/a.md"] },
    systemMessage: system("You are a coding agent. Docs mode."),
  }),
  message("u3", "k1", user("Anything else?")),
  message("a5", "u3", reply([{ type: "text", text: "A long answer that gets shortened." }])),
  entry("context_edit", "ce", "a5", { targetId: "a5", replacement: { content: [{ type: "text", text: "Short." }] } }),
  entry("branch_summary", "bs", "ce", { fromId: "b2", summary: "Tried writing src/other.ts.", details: { readFiles: [], modifiedFiles: ["src/other.ts"] } }),
  entry("session_info", "si", "bs", { name: "add fix" }),
  message("u4", "si", user("Thanks")),
];

const header = { type: "session", version: 3, id: "019a0000-0000-7000-8000-000000000001", timestamp: "2026-11-20T10:00:00.000Z", cwd: "/work/project" };
export const SEEDED_SESSION = [header, ...entries].map((line) => JSON.stringify(line)).join("\n") + "\n";

const v1Lines = [
  { type: "session", id: "v1-session", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/work/project" },
  { type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: user("hello") },
  { type: "message", timestamp: "2025-01-01T00:00:02.000Z", message: reply([{ type: "text", text: "hi" }]) },
  { type: "message", timestamp: "2025-01-01T00:00:03.000Z", message: { role: "hookMessage", customType: "x", content: "note", display: true, timestamp: 3 } },
  { type: "compaction", timestamp: "2025-01-01T00:00:04.000Z", summary: "greeted", firstKeptEntryIndex: 2, tokensBefore: 50 },
];
export const SEEDED_V1_SESSION = v1Lines.map((line) => JSON.stringify(line)).join("\n") + "\n";
