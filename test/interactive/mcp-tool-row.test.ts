// An MCP server's tool row through the real components, as pi 1.6.0 draws one: titled `server/tool` with its
// arguments as key=value pairs, its output cut to 5 lines as drawn (a one-line JSON answer wraps over many rows) with
// the full output's file named under it; expanded, all of it; a failure in the error colour.
import { describe, expect, it } from "vitest";
import { ToolRow } from "../../plugins/interactive/components/tool-row.js";
import { registeredTool, rendererFor } from "../../plugins/interactive/tools/renderers.js";
import { Theme } from "../../plugins/interactive/theme/theme.js";
import { DARK } from "../../plugins/interactive/theme/tokens.js";

const plain = (lines: readonly string[]) => lines.map((line) => line.replace(/\x1b\[[0-9;]*m/g, "").trimEnd());
const answer = JSON.stringify({ items: Array.from({ length: 40 }, (_, index) => ({ id: index, name: `item ${index}` })) });

function mcpRow(expanded: boolean) {
  const theme = new Theme("dark", DARK, "truecolor");
  const tools = { get: (name: string) => (name === "mcp__fx__list" ? { label: "fx/list", namespace: { name: "mcp__fx" } } : undefined), owner: () => "mcp" };
  const row = new ToolRow("call-1", "mcp__fx__list", {
    theme,
    expanded,
    expandKey: "ctrl+o",
    images: { show: false, widthCells: 60 },
    cwd: process.cwd(),
    renderer: rendererFor("mcp__fx__list", registeredTool(tools, "mcp__fx__list")),
  });
  row.setArgs({ kind: "widgets", limit: 40 });
  return row;
}

describe("an MCP tool's row", () => {
  it("collapsed: the label and arguments, 5 rows of the answer as drawn, how many more, and the full output's file", () => {
    const row = mcpRow(false);
    row.finish({ content: [{ type: "text", text: answer }], details: { fullOutputPath: "/tmp/pith-mcp-1.txt" } }, false);
    const lines = plain(row.render(60));
    expect(lines[2]).toBe(' fx/list kind="widgets" limit=40');
    const body = lines.slice(4, 10);
    expect(body[0]).toMatch(/^ \{"items":\[/);
    for (const wrapped of body.slice(0, 5)) expect(answer).toContain(wrapped.trim());
    expect(body[5]).toMatch(/^ \.\.\. \(\d+ more lines, ctrl\+o to expand\)$/);
    expect(lines).toContain(" Full output: /tmp/pith-mcp-1.txt");
  });

  it("expanded: every row of the answer, and no note", () => {
    const row = mcpRow(true);
    row.finish({ content: [{ type: "text", text: answer }], details: { fullOutputPath: "/tmp/pith-mcp-1.txt" } }, false);
    const shown = plain(row.render(60)).join("");
    expect(shown.replace(/ /g, "")).toContain(answer.replace(/ /g, ""));
    expect(shown).not.toContain("Full output");
    expect(shown).not.toContain("more lines");
  });

  it("a failure is drawn in the error colour; a tool that is not registered shows its arguments as JSON", () => {
    const row = mcpRow(false);
    row.finish({ content: [{ type: "text", text: "server said no" }] }, true);
    const theme = new Theme("dark", DARK, "truecolor");
    expect(row.render(60).join("\n")).toContain(theme.fg("error", "server said no"));
    expect(rendererFor("mcp__gone__tool", undefined).title({ args: { a: 1 }, output: undefined, details: undefined, isError: false, running: true, elapsedMs: undefined, expanded: false, theme, expandKey: "ctrl+o", cwd: "/", preview: undefined })).toContain('"a": 1');
  });
});
