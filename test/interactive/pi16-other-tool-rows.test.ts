// Rows of tools without a renderer of their own, and bash output cut to lines as drawn, side by side with pi 1.6.0
// (see pi16-tool-rows.test.ts for the method): an extension's tool with its arguments as key=value pairs (expanded,
// a line each) and its output's first 10 lines; a tool the model made up, with its arguments as JSON; bash output
// with a line that wraps over several rows and colour codes of its own, which both programs drop.
import { expect, it } from "vitest";
import { colourRuns, chatRows, sameDurations, useSideBySide } from "./side-by-side.js";

const start = useSideBySide();

const LOOKUP_EXTENSION = `
export default function (pi) {
  pi.registerTool({
    name: "lookup",
    label: "Lookup",
    description: "Looks a word up",
    parameters: { type: "object", properties: { query: { type: "string" }, limit: { type: "number" }, notes: { type: "string" } } },
    async execute(_id, params) {
      const lines = Array.from({ length: 14 }, (_, index) => \`result \${index + 1} for \${params.query}\`);
      return { content: [{ type: "text", text: lines.join("\\n") }], details: {} };
    },
  });
}
`;

it("an extension's tool, a made-up tool and bash output wrapped over several rows read as pi's, collapsed and expanded", async () => {
  const longLine = Array.from({ length: 40 }, (_, index) => `word${index}`).join(" ");
  const pair = await start({
    rows: 150,
    cols: 80,
    args: ["-e", "./lookup.ts", "--tools", "bash,lookup", "go"],
    settings: { theme: "probe" },
    files: { "lookup.ts": LOOKUP_EXTENSION },
    replies: [
      {
        text: "On it.",
        toolCalls: [
          { name: "lookup", arguments: { query: "tapable", limit: 3, notes: "first line\nsecond line" } },
          { name: "nosuchtool", arguments: { path: "a.txt", deep: { level: 2 } } },
          { name: "bash", arguments: { command: `printf '\\033[31mred\\033[0m plain\\n'; echo one; echo two; echo '${longLine}'` } },
        ],
      },
      { text: "All done." },
    ],
  });
  await pair.waitFor((screen) => screen.includes("All done."), 20_000);
  const rows = () => ({ pith: chatRows(pair.pith, "go", "All done.", sameDurations), pi: chatRows(pair.pi, "go", "All done.", sameDurations) });
  const runs = () => ({ pith: colourRuns(pair.pith, "go", "All done.").map(sameDurations), pi: colourRuns(pair.pi, "go", "All done.").map(sameDurations) });
  const collapsed = rows();
  expect(collapsed.pith.text).toEqual(collapsed.pi.text);
  const collapsedRuns = runs();
  expect(collapsedRuns.pith).toEqual(collapsedRuns.pi);
  const shown = collapsed.pith.text.join("\n");
  expect(shown).toContain('lookup query="tapable" limit=3');
  expect(shown).toContain("result 10 for tapable");
  expect(shown).not.toContain("result 11 for tapable");
  expect(shown).toContain('"deep": {');
  // five rows as drawn: the long line's wrapped rows push "red plain" and "one" out
  expect(shown).toMatch(/earlier lines/);

  pair.type("\x0f");
  await pair.waitFor((screen) => screen.includes("result 14 for tapable") && screen.includes("All done."));
  const expanded = rows();
  expect(expanded.pith.text).toEqual(expanded.pi.text);
  const expandedRuns = runs();
  expect(expandedRuns.pith).toEqual(expandedRuns.pi);
  expect(expanded.pith.text.join("\n")).toMatch(/ {3}notes: first line\n {5}second line/);
  // the program's own colour codes dropped: the line in the output colour, whole
  expect(expandedRuns.pith.join("\n")).toMatch(/red plain\|fg=toolOutput/);
}, 60_000);
