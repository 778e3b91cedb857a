// A read or write row's file text through the real components: the count of lines pi gives (blank lines at the end
// left out, except in the plain code colour of a language highlight.js does not know), colouring only the lines a
// collapsed row shows, the path linked where the terminal draws links, and a row drawn again in the new colours when
// the theme changes.
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { getCapabilities, resetCapabilitiesCache, setCapabilities } from "@earendil-works/pi-tui";
import { beforeAll, describe, expect, it } from "vitest";
import { ToolRow } from "../../plugins/interactive/components/tool-row.js";
import { rendererFor } from "../../plugins/interactive/tools/renderers.js";
import { Theme } from "../../plugins/interactive/theme/theme.js";
import { DARK, LIGHT } from "../../plugins/interactive/theme/tokens.js";
import { loadHighlighter } from "../../lib/ui/syntax-highlight.js";

const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, "");
const writeRow = (theme: Theme, args: Record<string, unknown>, expanded = false) => {
  const row = new ToolRow("call-1", "write", { theme, expanded, expandKey: "ctrl+o", images: { show: false, widthCells: 60 }, cwd: process.cwd(), renderer: rendererFor("write", undefined) });
  row.setArgs(args);
  return row;
};
const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join("\n");

beforeAll(() => loadHighlighter());

describe("a write row", () => {
  it("counts the file's lines without the blank ones at its end, in a language highlight.js knows and in none", () => {
    const theme = new Theme("dark", DARK, "truecolor");
    for (const path of ["notes.txt", "main.ts"]) {
      const shown = plain(writeRow(theme, { path, content: `${lines(12)}\n\n\n` }).render(100).join("\n"));
      expect(shown).toContain("... (2 more lines, 12 total, ctrl+o to expand)");
    }
  });

  it("keeps them in a language pi names but highlight.js does not know, drawn in the plain code colour", () => {
    const shown = plain(writeRow(new Theme("dark", DARK, "truecolor"), { path: "conf.fish", content: `${lines(12)}\n\n` }).render(100).join("\n"));
    expect(shown).toContain("... (4 more lines, 14 total, ctrl+o to expand)");
  });

  it("shows CRLF text without the carriage returns, tabs as three spaces, and nothing for empty content", () => {
    const theme = new Theme("dark", DARK, "truecolor");
    const shown = plain(writeRow(theme, { path: "a.go", content: "package a\r\n\tfunc b() {}\r\n" }).render(100).join("\n"));
    expect(shown).toContain("    func b() {}");
    expect(shown).not.toContain("\r");
    expect(plain(writeRow(theme, { path: "a.go", content: "" }).render(100).join("\n")).trim()).toBe("write a.go");
    expect(plain(writeRow(theme, { content: "x" }).render(100).join("\n"))).toContain("write ...");
  });

  it("reports content that is not text, as pi does", () => {
    const shown = plain(writeRow(new Theme("dark", DARK, "truecolor"), { path: "a.ts", content: 42 }).render(100).join("\n"));
    expect(shown).toContain("[invalid content arg - expected string]");
  });

  it("links the path to the file where the terminal draws links, and shows it from ~ under the home folder", () => {
    const theme = new Theme("dark", DARK, "truecolor");
    const saved = getCapabilities();
    try {
      setCapabilities({ ...saved, hyperlinks: true });
      const linked = writeRow(theme, { path: "src/main.ts", content: "x" }).render(100).join("\n");
      expect(linked).toContain(`\x1b]8;;${pathToFileURL(join(process.cwd(), "src/main.ts")).href}\x1b\\`);
      setCapabilities({ ...saved, hyperlinks: false });
      expect(writeRow(theme, { path: "src/main.ts", content: "x" }).render(100).join("\n")).not.toContain("\x1b]8;;");
    } finally {
      resetCapabilitiesCache();
    }
    expect(plain(writeRow(theme, { path: join(homedir(), "notes.md"), content: "x" }).render(100).join("\n"))).toContain("write ~/notes.md");
  });

  it("is drawn again in the new colours when the theme changes", () => {
    const theme = new Theme("dark", DARK, "truecolor");
    const row = writeRow(theme, { path: "main.ts", content: "const answer = 42;\n" });
    const before = row.render(100).join("\n");
    theme.apply("light", LIGHT);
    row.invalidate();
    const after = row.render(100).join("\n");
    expect(plain(after)).toBe(plain(before));
    expect(after).not.toBe(before);
  });
});
