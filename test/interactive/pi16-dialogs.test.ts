// The /tree navigator and the dialogs extensions open (select, confirm with a countdown, input) side by side with
// pi 1.6.0 (see pi16-tool-rows.test.ts for the method): every stretch of each row is compared, text and colour
// roles, not only its first character.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import type { CliWorld } from "./pty-harness.js";
import { colourRuns, openStoredSession, settled, storedReply, useSideBySide, type SideBySide } from "./side-by-side.js";

const start = useSideBySide();
const EXAMPLES = fileURLToPath(new URL("../../node_modules/@earendil-works/pi-coding-agent/examples/extensions/", import.meta.url));
const EDITOR_EDGE = "─".repeat(100);

/** both programs' rows from `first` to `last`, once they read the same (or, after a while, as they are) */
async function sameRuns(pair: SideBySide, first: string, last: string, normalise: (row: string) => string = (row) => row): Promise<string[]> {
  const runs = await settled(pair, (side) => colourRuns(pair[side], first, last).map(normalise), 5000);
  expect(runs.pith).toEqual(runs.pi);
  return runs.pith;
}

/** a session with a tool call, an aborted reply and a label: each kind of row the tree colours its own way */
const varied = openStoredSession([
  { role: "user", content: [{ type: "text", text: "read the notes" }] },
  storedReply([{ type: "toolCall", id: "call-1", name: "read", arguments: { path: "notes.md", offset: 2, limit: 3 } }], "toolUse"),
  { role: "toolResult", toolCallId: "call-1", toolName: "read", content: [{ type: "text", text: "line two" }], isError: false },
  storedReply([{ type: "text", text: "The notes say two." }]),
  { type: "label", targetId: "e0000001", label: "start" },
  { role: "user", content: [{ type: "text", text: "second question" }] },
  storedReply([], "aborted"),
  { role: "user", content: [{ type: "text", text: "third question" }] },
  storedReply([{ type: "text", text: "Last words." }]),
] as never);

// one pair for the tree's states and its label editing (the same stored session); the label goes on the current
// leaf, which neither the search nor the filter below shows, so they compare the same rows as without it
it("/tree: its rules, title, key lines, search line, rows in their colours and the line under them read as pi's; its label is edited on a line in the rows' place, and the tree comes back with it", async () => {
  const pair = await start({ rows: 50, settings: { theme: "probe" }, ready: "Last words.", prepare: varied });
  pair.type("/tree\r");
  await pair.waitFor((screen) => screen.includes("Session Tree") && screen.includes("(7/7)"));
  const rows = await sameRuns(pair, "Last words.", EDITOR_EDGE);
  // pith drew a title line over the list, one key line and muted rows off the current path
  expect(rows.join("\n")).toContain("[start] |fg=warning");

  pair.type("L");
  await pair.waitFor((screen) => screen.includes("Label (empty to remove):"));
  // pith asked in a dialog of its own, the tree gone
  const editing = await sameRuns(pair, "Last words.", EDITOR_EDGE);
  expect(editing.join("\n")).toContain("Label (empty to remove):|fg=muted");
  pair.type("milestone");
  await pair.waitFor((screen) => screen.includes("milestone"));
  await sameRuns(pair, "Last words.", EDITOR_EDGE);
  pair.type("\r");
  await pair.waitFor((screen) => screen.includes("[milestone]") && screen.includes("(7/7)"));
  const labelled = await sameRuns(pair, "Last words.", EDITOR_EDGE);
  expect(labelled.join("\n")).toContain("[milestone] |fg=warning");

  // a search: the query in the accent colour, the rows that hold it, the count
  pair.type("question");
  await pair.waitFor((screen) => screen.includes("(2/2)") || screen.includes("(1/2)"));
  await sameRuns(pair, "Last words.", EDITOR_EDGE);

  // a filter, named under the rows; and the "Summarize branch?" choice after enter
  pair.type("\x1b");
  await pair.waitFor((screen) => !screen.includes("question ‖") && /\(\d\/7\)/.test(screen));
  pair.type("\x15");
  await pair.waitFor((screen) => screen.includes("[user]"));
  await sameRuns(pair, "Last words.", EDITOR_EDGE);
  pair.type("\x1b[A");
  await pair.waitFor((screen) => /› .*user: second question/.test(screen));
  pair.type("\r");
  await pair.waitFor((screen) => screen.includes("Summarize branch?"));
  await sameRuns(pair, "Last words.", EDITOR_EDGE);
}, 120_000);

it("an extension's confirm with a timeout, its select and its input read as pi's", async () => {
  const pair = await start({ rows: 40, settings: { theme: "probe" }, ready: "Loaded and ready.", args: ["-e", `${EXAMPLES}timed-confirm.ts`, "-e", `${EXAMPLES}rpc-demo.ts`] });
  const seconds = (row: string) => row.replace(/\(\d+s\)/, "(<n>s)");
  pair.type("/timed\r");
  await pair.waitFor((screen) => /\(\d+s\)/.test(screen) && screen.includes("→ Yes"));
  const confirm = await sameRuns(pair, EDITOR_EDGE, "~/project", seconds);
  expect(confirm.join("\n")).toMatch(/\(<n>s\)/);
  pair.type("\x1b");
  await pair.waitFor((screen) => !screen.includes("→ Yes"));

  pair.type("/timed-select\r");
  await pair.waitFor((screen) => screen.includes("→ Option A"));
  pair.type("\x1b[B");
  await pair.waitFor((screen) => screen.includes("→ Option B"));
  await sameRuns(pair, EDITOR_EDGE, "~/project", seconds);
  pair.type("\x1b");
  await pair.waitFor((screen) => !screen.includes("→ Option B"));

  pair.type("/rpc-input\r");
  await pair.waitFor((screen) => screen.includes("Enter a value"));
  pair.type("abc");
  await pair.waitFor((screen) => screen.includes("abc"));
  // pith added the placeholder to the title
  await sameRuns(pair, EDITOR_EDGE, "~/project");
}, 90_000);

it("/settings: the list between two rules, its rows, description and keys read as pi's", async () => {
  const pair = await start({ rows: 40, settings: { theme: "probe" } });
  await pair.pi.waitForText("ripgrep not found", 20_000);
  pair.type("/settings\r");
  await pair.waitFor((screen) => screen.includes("(1/") && screen.includes("Esc to cancel"));
  // pith drew no rules around it
  const rows = await sameRuns(pair, EDITOR_EDGE, "~/project");
  expect(rows.at(-2)).toMatch(/^─+\|fg=border/);
}, 60_000);

it("/fork: the title, what it does, and each message with 'Message n of N' between rules read as pi's", async () => {
  const turns = openStoredSession([
    { role: "user", content: [{ type: "text", text: "first question" }] },
    storedReply([{ type: "text", text: "First answer." }]),
    { role: "user", content: [{ type: "text", text: "second question" }] },
    storedReply([{ type: "text", text: "Second answer." }]),
  ] as never);
  const pair = await start({ rows: 40, settings: { theme: "probe" }, ready: "Second answer.", prepare: turns });
  await pair.pi.waitForText("ripgrep not found", 20_000);
  pair.type("/fork\r");
  await pair.waitFor((screen) => screen.includes("Message 2 of 2"));
  // pith showed a searchable list titled "Fork from message", one line per message
  await sameRuns(pair, "Fork from Message", "~/project");
  pair.type("\x1b[A");
  await pair.waitFor((screen) => /› first question/.test(screen));
  await sameRuns(pair, "Fork from Message", "~/project");
}, 60_000);

/** models.json with two providers on each program's mock server: names that add to the id and names that do not */
const manyModels = async (world: CliWorld) => {
  const model = (id: string, name?: string) => ({ id, ...(name ? { name } : {}), contextWindow: 200000, maxTokens: 8192 });
  const provider = (models: Record<string, unknown>[]) => ({ baseUrl: world.mock.url, api: "anthropic-messages", apiKey: "test-key", models });
  const mock = [model("mock-model"), ...Array.from({ length: 9 }, (_, index) => model(`beta-${index + 1}`, index % 3 === 0 ? `Beta ${index + 1}` : `Beta Renamed ${index + 1}`))];
  const other = [model("aaa-first", "First Of All"), model("zeta")];
  await writeFile(join(world.agentDir, "models.json"), JSON.stringify({ providers: { other: provider(other), mock: provider(mock) } }));
  return [];
};

it("/model: the note on providers, the search line, the rows with ✓ on the current model, the default, the scroll position, the model's name, the catalogue status and the keys read as pi's", async () => {
  const settings = { theme: "probe", defaultProvider: "mock", defaultModel: "beta-4" };
  const pair = await start({ rows: 50, settings, prepare: manyModels });
  await pair.pi.waitForText("ripgrep not found", 20_000);
  pair.type("/model\r");
  await pair.waitFor((screen) => screen.includes("Model catalogs refreshed.") && screen.includes("(1/12)"));
  // pith drew a title, one row per model with its provider dim beside it and a lower-case key line, no rules
  const rows = await sameRuns(pair, EDITOR_EDGE, "~/project");
  expect(rows.join("\n")).toMatch(/→ ✓ mock-model\|fg=accent.*\[mock\]\|fg=muted/);
  expect(rows.join("\n")).toContain(" · default|fg=muted");

  // down past the window: the rows scroll, the highlighted model's name follows
  for (let step = 0; step < 8; step++) pair.type("\x1b[B");
  await pair.waitFor((screen) => screen.includes("(9/12)"));
  await sameRuns(pair, EDITOR_EDGE, "~/project");

  // a search keeps the rows that match it, the first highlighted; "def" puts the default first
  pair.type("renamed");
  await pair.waitFor((screen) => screen.includes("> renamed") && !screen.includes("aaa-first"));
  await sameRuns(pair, EDITOR_EDGE, "~/project");
  for (let step = 0; step < 7; step++) pair.type("\x7f");
  pair.type("def");
  await pair.waitFor((screen) => screen.includes("> def") && !screen.includes("zeta"));
  await sameRuns(pair, EDITOR_EDGE, "~/project");
  pair.type("\x7f\x7f\x7fqqqq");
  await pair.waitFor((screen) => screen.includes("No matching models"));
  await sameRuns(pair, EDITOR_EDGE, "~/project");
}, 90_000);

it("/scoped-models: the title, the search line, the rows with ✓ on the enabled models, the model's name, the catalogue status, the keys and the count read as pi's", async () => {
  const pair = await start({ rows: 50, settings: { theme: "probe" }, prepare: manyModels });
  await pair.pi.waitForText("ripgrep not found", 20_000);
  pair.type("/scoped-models\r");
  await pair.waitFor((screen) => screen.includes("Model catalogs refreshed.") && screen.includes("all enabled"));
  // pith drew a title line, the provider beside each row, no model name, lower-case keys and no rules
  const rows = await sameRuns(pair, EDITOR_EDGE, "~/project");
  expect(rows).toContain("  Model Name: First Of All|fg=muted bg=0:-1");

  // one switched off: the count and "(unsaved)"; a search; past the window
  pair.type("\r");
  await pair.waitFor((screen) => screen.includes("11/12 enabled") && screen.includes("(unsaved)"));
  await sameRuns(pair, EDITOR_EDGE, "~/project");
  pair.type("renamed");
  await pair.waitFor((screen) => screen.includes("> renamed") && !screen.includes("zeta"));
  await sameRuns(pair, EDITOR_EDGE, "~/project");
  pair.type("\x03");
  await pair.waitFor((screen) => screen.includes("zeta"));
  for (let step = 0; step < 9; step++) pair.type("\x1b[B");
  await pair.waitFor((screen) => screen.includes("(10/12)"));
  await sameRuns(pair, EDITOR_EDGE, "~/project");
}, 90_000);

it("/model with scoped models: the scope line and tab between the scoped and all models read as pi's", async () => {
  const pair = await start({ rows: 50, settings: { theme: "probe" }, prepare: manyModels, args: ["--models", "mock/beta-1,other/zeta"] });
  await pair.pi.waitForText("ripgrep not found", 20_000);
  pair.type("/model\r");
  await pair.waitFor((screen) => screen.includes("Scope:") && screen.includes("Model catalogs refreshed."));
  const scoped = await sameRuns(pair, EDITOR_EDGE, "~/project");
  expect(scoped.join("\n")).toContain("scoped|fg=accent");
  pair.type("\t");
  await pair.waitFor((screen) => screen.includes("(1/12)"));
  await sameRuns(pair, EDITOR_EDGE, "~/project");
}, 90_000);
