// An MCP server's tool rows side by side with pi 1.6.0 (see pi16-tool-rows.test.ts for the method): both programs
// start the same stdio fixture server from mcp.json, and the model calls its tools. The rows are titled
// `server/tool` with the arguments as key=value pairs, a long one-line answer is cut to 5 rows as drawn, and a
// failure is drawn in the error colour.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { colourRuns, useSideBySide } from "./side-by-side.js";

const start = useSideBySide();
const FIXTURE_SERVER = fileURLToPath(new URL("../mcp/fixtures/servers.mjs", import.meta.url));

it("an MCP tool's rows, collapsed and expanded, a long answer and a failure, read as pi's", async () => {
  const long = Array.from({ length: 60 }, (_, index) => `word${index}`).join(" ");
  const pair = await start({
    rows: 80,
    cols: 80,
    settings: { theme: "probe" },
    prepare: async (world) => {
      await writeFile(join(world.agentDir, "mcp.json"), JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE_SERVER, "stdio"], exposure: "direct" } } }));
      return [];
    },
    replies: [
      {
        text: "On it.",
        toolCalls: [
          { name: "mcp__fx__echo", arguments: { text: long } },
          { name: "mcp__fx__fail", arguments: {} },
        ],
      },
      { text: "All done." },
    ],
  });
  // pi takes no prompt until its start-up (the MCP servers' connection included) is over, which its last warnings
  // mark; pith's first prompt waits for a server whose tools are declared to the model
  await pair.pi.waitForText("ripgrep not found", 20_000);
  pair.type("go\r");
  await pair.waitFor((screen) => screen.includes("All done."), 30_000);
  const runs = () => ({ pith: colourRuns(pair.pith, "go", "All done."), pi: colourRuns(pair.pi, "go", "All done.") });
  const collapsed = runs();
  expect(collapsed.pith).toEqual(collapsed.pi);
  const shown = collapsed.pith.join("\n");
  expect(shown).toContain("fx/echo");
  // the answer's 5 rows as drawn, then how many more
  expect(shown).toMatch(/more lines,/);
  expect(shown).toMatch(/\|fg=error bg=toolErrorBg/);
  pair.type("\x0f");
  await pair.waitFor((screen) => screen.includes("word59") && screen.includes("All done."));
  const expanded = runs();
  expect(expanded.pith).toEqual(expanded.pi);
}, 90_000);
