// read and write rows of code files side by side with pi 1.6.0 (see pi16-tool-rows.test.ts for the method): the
// file's text coloured as its language (read expanded, write collapsed and expanded), tabs as three spaces, a
// language highlight.js does not know in the plain code colour, and a collapsed read of a skill or of a project's
// instructions titled by what it is.
import { expect, it } from "vitest";
import { chatRows, colourRuns, sameDurations, useSideBySide } from "./side-by-side.js";

const start = useSideBySide();

const TYPESCRIPT = [
  "// a comment",
  'import { readFile } from "node:fs/promises";',
  "",
  "export async function size(path: string): Promise<number> {",
  "\tconst text = await readFile(path, \"utf8\");",
  "\treturn text.length * 2 + 0x10;",
  "}",
  "",
  "class Box<T> {",
  "  constructor(readonly value: T) {}",
  "}",
  "const items = [1, 2, 3].map((n) => n * 2); // doubled",
  "",
].join("\n");
const PYTHON = ['def greet(name):', '    """Say hello."""', '    return f"hello {name}"  # greeting', "", "print(greet('you'))", ""].join("\n");

it("read and write rows of code files are coloured as their language, and a skill's or instructions' read titled by what it is, as pi's", async () => {
  const pair = await start({
    rows: 150,
    args: ["--tools", "read,write", "go"],
    settings: { theme: "probe" },
    files: { "greet.py": PYTHON, "conf.fish": "set -x PATH $PATH\n\n", "skills/demo/SKILL.md": "---\nname: demo\n---\nDo the demo.\n", "AGENTS.md": "Be brief.\n" },
    replies: [
      {
        text: "On it.",
        toolCalls: [
          { name: "write", arguments: { path: "size.ts", content: TYPESCRIPT } },
          { name: "read", arguments: { path: "greet.py" } },
          { name: "read", arguments: { path: "conf.fish" } },
          { name: "read", arguments: { path: "skills/demo/SKILL.md" } },
          { name: "read", arguments: { path: "AGENTS.md", offset: 1, limit: 1 } },
        ],
      },
      { text: "All done." },
    ],
  });
  await pair.waitFor((screen) => screen.includes("All done."), 20_000);
  const rows = () => ({ pith: chatRows(pair.pith, "go", "All done.", sameDurations), pi: chatRows(pair.pi, "go", "All done.", sameDurations) });
  // every stretch of every row in its colour role
  const runs = () => ({ pith: colourRuns(pair.pith, "go", "All done."), pi: colourRuns(pair.pi, "go", "All done.") });
  const collapsed = rows();
  expect(collapsed.pith.text).toEqual(collapsed.pi.text);
  const collapsedRuns = runs();
  expect(collapsedRuns.pith).toEqual(collapsedRuns.pi);
  expect(collapsedRuns.pith.join("\n")).toMatch(/export\|fg=syntaxKeyword.*size\(\|fg=syntaxFunction/);
  const shown = collapsed.pith.text.join("\n");
  expect(shown).toContain("[skill] demo");
  expect(shown).toContain("read resource AGENTS.md:1-1");
  // the tab as three spaces
  expect(shown).toContain("    const text = await readFile");

  pair.type("\x0f");
  await pair.waitFor((screen) => screen.includes("greeting") && screen.includes("doubled") && screen.includes("All done."));
  const expanded = rows();
  expect(expanded.pith.text).toEqual(expanded.pi.text);
  const expandedRuns = runs();
  expect(expandedRuns.pith).toEqual(expandedRuns.pi);
  expect(expandedRuns.pith.join("\n")).toMatch(/def\|fg=syntaxKeyword/);
  expect(expanded.pith.text.join("\n")).toContain("read skills/demo/SKILL.md");
}, 60_000);
