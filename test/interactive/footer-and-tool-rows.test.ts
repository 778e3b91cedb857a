// One session through the footer and the rows of the search and write tools: the footer's git branch (live on a
// checkout), token, cache and cost totals and the context use with its auto-compact flag; write, grep, find and ls
// rows with pi's titles and limit notes; /compact with instructions, its loader and its box and what its summary
// billed (cache notices on), after which the totals still count the compacted replies, add the summary's usage, and
// the context use is unknown; and the auto-compact flag leaving with the setting. Then a subscription's "(sub)".
import { readdirSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { writeMockModels } from "../cli/cli-harness.js";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

it("shows the footer's branch, totals and context use, the search and write rows, and /compact's box", async () => {
  const world = ui.world();
  // per million tokens: 3 in, 15 out, 0.3 cache read, 3.75 cache write
  await writeMockModels(world, [{ id: "mock-model", contextWindow: 200000, maxTokens: 8192, cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } }]);
  await mkdir(join(world.project, ".git"));
  await writeFile(join(world.project, ".git", "HEAD"), "ref: refs/heads/main\n");
  // keep only the newest reply, so /compact has something to summarise
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 1 }, showCacheMissNotices: true }));
  await mkdir(join(world.project, "src"));
  await writeFile(join(world.project, "src", "one.ts"), "export const needle = 1;\n");
  await writeFile(join(world.project, "src", "two.ts"), "export const other = 2; // needle\n");
  const notes = Array.from({ length: 14 }, (_, index) => `note ${index + 1}`).join("\n");
  world.mock.enqueue(
    {
      toolCalls: [
        { name: "write", arguments: { path: "notes.md", content: notes } },
        { name: "grep", arguments: { pattern: "needle", limit: 1 } },
        { name: "find", arguments: { pattern: "*.ts" } },
        { name: "ls", arguments: { path: "src" } },
      ],
      usage: { input: 1200, output: 340, cacheRead: 12000, cacheWrite: 3000 },
    },
    { text: "All four done.", usage: { input: 1500, output: 20, cacheRead: 12000 } },
    { text: "Thanks noted.", usage: { input: 1600, output: 10 } },
    // the summary of what was compacted, and of the start of the turn it cut into
    { text: "The summary of it all.", delayMs: 150, usage: { input: 5000, output: 200 } },
    { text: "The turn began with thanks.", delayMs: 150, usage: { input: 1000, output: 100 } },
  );
  const pty = await ui.start(["--tools", "write,grep,find,ls"], { rows: 50 });
  // rows of a tool box end in spaces painted with its background
  const screen = () => pty.screen().map((line) => line.trimEnd()).join("\n");
  const footer = () => pty.screen().filter((line) => line !== "").slice(-2).join("\n");
  // the first frame comes before the session: its context use is drawn in once the session is ready
  await pty.waitForText("/200k (auto)");
  expect(footer()).toMatch(/^~\/project \(main\)\n\d\.\d%\/200k \(auto\)\s+mock-model$/);

  pty.type("do the four things\r");
  await pty.waitForText("All four done.");
  expect(screen()).toMatch(/write notes\.md\n\s*\n note 1\n[^]* note 10\n \.\.\. \(4 more lines, 14 total, ctrl\+o to expand\)/);
  expect(screen()).not.toContain("note 11");
  expect(await readFile(join(world.project, "notes.md"), "utf8")).toBe(notes);
  expect(screen()).toMatch(/grep \/needle\/ in \. limit 1\n\s*\n src\/one\.ts:1: export const needle = 1;\n[^]*\n \[Truncated: 1 matches limit\]/);
  expect(screen()).toMatch(/find \*\.ts in \.\n\s*\n src\/one\.ts\n src\/two\.ts/);
  expect(screen()).toMatch(/ls src\n\s*\n one\.ts\n two\.ts/);
  // tokens in and out, cache reads and writes, the newest reply's cache hits, dollars, context use of the newest reply
  // the reply's text is drawn while it streams; its usage reaches the footer when it ends
  await pty.waitFor(() => /↑2\.7k/.test(footer()));
  expect(footer()).toMatch(/^~\/project \(main\)\n↑2\.7k ↓360 R24k W3\.0k CH88\.9% \$0\.032 6\.8%\/200k \(auto\)\s+mock-model$/);

  // a checkout elsewhere: the footer follows without a key pressed
  await writeFile(join(world.project, ".git", "HEAD"), "ref: refs/heads/feature/footer\n");
  await pty.waitFor(() => footer().startsWith("~/project (feature/footer)\n"));

  pty.type("thanks\r");
  await pty.waitForText("Thanks noted.");
  await pty.waitFor(() => /↑4\.3k/.test(footer()));
  expect(footer()).toMatch(/↑4\.3k ↓370 R24k W3\.0k CH0\.0% \$0\.037 0\.8%\/200k \(auto\)/);

  pty.type("/compact keep the numbers\r");
  await pty.waitForText("Compacting context... (escape to cancel)");
  await pty.waitFor(() => /\[compaction\]\n\n Compacted from [\d,]+ tokens \(ctrl\+o to expand\)/.test(screen()) && !screen().includes("Compacting context"));
  expect(JSON.stringify(world.mock.requests[3]!.body)).toContain("keep the numbers");
  // the chat was drawn again from what the compaction kept: the summarised replies left the screen
  expect(screen()).not.toContain("All four done.");
  // what the two summary requests billed (6,300 tokens, $0.0225), after the box
  expect(screen()).toMatch(/Compacted from [\d,]+ tokens \(ctrl\+o to expand\)\n(\s*\n)+ Compaction: 6\.3k tokens billed \(~\$0\.02\)/);
  // the compacted replies still count, and so does the summary; how full the context is, is unknown until the next reply
  await pty.waitFor(() => /↑10k ↓670 R24k W3\.0k CH0\.0% \$0\.059 \?\/200k \(auto\)/.test(footer()), 3000);
  const compaction = (await readFile(sessionFileOf(world.agentDir), "utf8")).split("\n").find((line) => line.includes('"type":"compaction"'))!;
  expect(JSON.parse(compaction).usage).toMatchObject({ input: 6000, output: 300 });
  pty.type("\x0f");
  await pty.waitFor(() => /\[compaction\]\n\n Compacted from [\d,]+ tokens\n\n The summary of it all\./.test(screen()));

  pty.type("/settings\r");
  await pty.waitForText("→ Auto-compact");
  pty.type("\r\x1b");
  await pty.waitFor(() => /\$0\.059 \?\/200k\s+mock-model$/.test(footer()));
  expect(JSON.parse(await readFile(join(world.agentDir, "settings.json"), "utf8"))).toMatchObject({ compaction: { enabled: false, keepRecentTokens: 1 } });
});

function sessionFileOf(agentDir: string): string {
  const sessions = join(agentDir, "sessions");
  const [file] = readdirSync(sessions, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".jsonl"));
  return join(sessions, file!);
}

it("marks the cost of a subscription's requests with (sub), as pi does for Kimi Code", async () => {
  const world = ui.world();
  await writeFile(
    join(world.agentDir, "models.json"),
    JSON.stringify({ providers: { "kimi-coding": { baseUrl: world.mock.url, api: "anthropic-messages", apiKey: "test-key", models: [{ id: "mock-model", contextWindow: 200000, maxTokens: 8192 }] } } }),
  );
  const pty = await ui.start(["--model", "kimi-coding/mock-model"]);
  await pty.waitFor((screen) => /\$0\.000 \(sub\) \d+\.\d%\/200k/.test(screen));
});
