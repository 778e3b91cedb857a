// A theme change applies new colours to the UI's Theme object and invalidates everything drawn. Words a component
// painted when it was built (a summary box's label and collapsed line, a dialog's title and hint) must take the new
// colours then, as pi paints them as it draws (components/painted-text.ts).
import { describe, expect, it } from "vitest";
import { DiagnosticSections } from "../../plugins/interactive/components/diagnostic-sections.js";
import { ForkSelector } from "../../plugins/interactive/components/fork-selector.js";
import { SummaryMessage } from "../../plugins/interactive/components/summary-message.js";
import { Theme } from "../../plugins/interactive/theme/theme.js";
import { DARK, LIGHT } from "../../plugins/interactive/theme/tokens.js";

/** the last foreground colour set before `words` on the line that holds them (a box's background is painted as drawn anyway) */
function colourBefore(lines: readonly string[], words: string): string {
  const line = lines.find((candidate) => candidate.includes(words));
  if (line === undefined) throw new Error(`"${words}" is not drawn`);
  const before = line.slice(0, line.indexOf(words));
  return [...before.matchAll(/\x1b\[38;[0-9;]*m/g)].at(-1)?.[0] ?? "";
}

function repainted(component: { render(width: number): readonly string[]; invalidate(): void }, theme: Theme, words: string[]) {
  const dark = component.render(100);
  theme.apply("light", LIGHT);
  component.invalidate();
  const light = component.render(100);
  return words.map((text) => ({ text, dark: colourBefore(dark, text), light: colourBefore(light, text) }));
}

describe("a theme change repaints words painted when the component was built", () => {
  it("a summary box's label and collapsed line", () => {
    const theme = new Theme("dark", DARK, "truecolor");
    const box = new SummaryMessage("compaction", "Compacted from 1,234 tokens", "ctrl+o", "Summary", "body", theme, false);
    // the label (customMessageLabel) and the key (dim); the collapsed words are the terminal's own colour in both themes
    for (const { text, dark, light } of repainted(box, theme, ["[compaction]", "ctrl+o"])) {
      expect(light, text).not.toBe(dark);
      expect(light, text).not.toBe("");
    }
  });

  it("the /fork dialog's title and description", () => {
    const theme = new Theme("dark", DARK, "truecolor");
    const dialog = new ForkSelector([{ id: "e1", text: "first message" }], theme, () => undefined, () => undefined);
    const [description] = repainted(dialog, theme, ["Select a user message"]);
    expect(description!.light).not.toBe(description!.dark);
  });

  it("the start-up listing's warning heading", () => {
    const theme = new Theme("dark", DARK, "truecolor");
    const sections = new DiagnosticSections([{ heading: "Skill warnings", diagnostics: [{ type: "warning", message: "no description", path: "/p/SKILL.md" }] }], theme, undefined);
    const [heading] = repainted(sections, theme, ["[Skill warnings]"]);
    expect(heading!.light).not.toBe(heading!.dark);
  });
});
