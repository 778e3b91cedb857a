// The edit diff as pi 1.6.0 draws it (`renderDiff`, exported to extensions): the expected text is what pi's own
// renderDiff returned for this diff with its dark theme at 256 colours.
import { expect, it } from "vitest";
import { renderDiff } from "../../lib/ui/render-diff.js";
import { Theme } from "../../plugins/interactive/theme/theme.js";
import { BUILTIN_PALETTES } from "../../plugins/interactive/theme/tokens.js";
import { renderDiff as servedRenderDiff } from "../../plugins/extensions/shims/coding-agent/pi-coding-agent.js";

const DIFF = [" 1 keep\tthis", "-2   const value = 1;", "+2   const value = 2;", "     ...", "-5 gone a", "-6 gone b", "+5 new", "+9 added alone"].join("\n");

// what pi's renderDiff returned for these diffs (its colours marked <token>, its inverse [ ]): pith's themes have
// colours of their own, the structure is pi's
const marks = { fg: (token: string, text: string) => `<${token}>${text}</>`, inverse: (text: string) => `[${text}]` };

it("colours context, removals and additions, inverts the changed words of a one-line change, and widens tabs", () => {
  expect(renderDiff(DIFF, marks)).toBe(
    "<toolDiffContext> 1 keep   this</>\n<toolDiffRemoved>-2   const value = [1];</>\n<toolDiffAdded>+2   const value = [2];</>\n" +
      "<toolDiffContext>     ...</>\n<toolDiffRemoved>-5 gone a</>\n<toolDiffRemoved>-6 gone b</>\n<toolDiffAdded>+5 new</>\n<toolDiffAdded>+9 added alone</>",
  );
  // in the terminal theme: inverse video around the changed word
  const theme = new Theme("dark", BUILTIN_PALETTES.dark!, "256color");
  expect(renderDiff(DIFF, theme).split("\n")[1]).toContain("const value = \x1b[7m1\x1b[27m;");
});

it("an inserted word leaves the shared indentation and its own leading space unmarked", () => {
  expect(renderDiff("-3     return a;\n+3     return a + b;", marks)).toBe("<toolDiffRemoved>-3     return a ;</>\n<toolDiffAdded>+3     return a [+ b];</>");
});

it("the renderDiff served to extensions without a terminal gives the text uncoloured", () => {
  expect(servedRenderDiff(DIFF)).toBe(" 1 keep   this\n-2   const value = 1;\n+2   const value = 2;\n     ...\n-5 gone a\n-6 gone b\n+5 new\n+9 added alone");
});
