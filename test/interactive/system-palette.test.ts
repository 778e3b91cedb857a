// The "system" theme's colours, derived in-process from real terminal palettes: body text reads at 4.5:1 on the
// background and every panel, coloured roles take their ANSI colour's hue (pastels keep their chroma), a
// background alone places pith's own hues, and nothing reported leaves ANSI indices to the terminal.
import { describe, expect, it } from "vitest";
import type { RgbColor } from "@earendil-works/pi-tui";
import { contrast, fromHex, toOklch } from "../../plugins/interactive/theme/color-math.js";
import { systemPalette } from "../../plugins/interactive/theme/system-palette.js";
import { DARK, FAINT, type Palette, type ThemeToken } from "../../plugins/interactive/theme/tokens.js";
import { Theme } from "../../plugins/interactive/theme/theme.js";

const hexes = (list: string) => list.split(" ").map(fromHex);
const TERMINALS = {
  // xterm's defaults: saturated primaries on black
  xterm: { foreground: fromHex("#e5e5e5"), background: fromHex("#000000"), palette: hexes("#000000 #cd0000 #00cd00 #cdcd00 #0000ee #cd00cd #00cdcd #e5e5e5 #7f7f7f #ff0000 #00ff00 #ffff00 #5c5cff #ff00ff #00ffff #ffffff") },
  // a light terminal whose yellow and cyan are far too pale for white
  light: { foreground: fromHex("#383a42"), background: fromHex("#fafafa"), palette: hexes("#383a42 #e45649 #50a14f #f0e68c #4078f2 #a626a4 #8be9fd #fafafa #a0a1a7 #e45649 #50a14f #c18401 #4078f2 #a626a4 #0184bc #ffffff") },
  frappe: { foreground: fromHex("#c6d0f5"), background: fromHex("#303446"), palette: hexes("#51576d #e78284 #a6d189 #e5c890 #8caaee #f4b8e4 #81c8be #b5bfe2 #626880 #e78284 #a6d189 #e5c890 #8caaee #f4b8e4 #81c8be #a5adce") },
};
const PANELS: ThemeToken[] = ["selectedBg", "userMessageBg", "customMessageBg", "toolPendingBg", "toolSuccessBg", "toolErrorBg", "searchMatchBg"];
const BODY: ThemeToken[] = ["text", "userMessageText", "customMessageText", "toolTitle"];
const COLOURED_TEXT: ThemeToken[] = ["error", "success", "warning", "accent", "mdLink", "mdHeading", "syntaxKeyword", "syntaxString"];
const rgb = (palette: Palette, token: ThemeToken) => fromHex(String(palette[token]));

function expectReadable(palette: Palette, background: RgbColor) {
  const surfaces = [background, ...PANELS.map((token) => rgb(palette, token))];
  for (const token of [...BODY, ...COLOURED_TEXT]) {
    for (const surface of surfaces) expect(contrast(rgb(palette, token), surface), token).toBeGreaterThanOrEqual(4.5);
  }
  // panels stand apart from the background, and secondary text is quieter than body text
  for (const token of PANELS) expect(String(palette[token])).not.toBe("#" + [background.r, background.g, background.b].map((c) => c.toString(16).padStart(2, "0")).join(""));
  expect(contrast(rgb(palette, "muted"), background)).toBeLessThan(contrast(rgb(palette, "text"), background));
  expect(contrast(rgb(palette, "muted"), background)).toBeGreaterThanOrEqual(3);
}

const hueGap = (a: RgbColor, b: RgbColor) => {
  const gap = Math.abs(toOklch(a).h - toOklch(b).h) % (2 * Math.PI);
  return Math.min(gap, 2 * Math.PI - gap);
};

describe("system palette", () => {
  for (const [name, terminal] of Object.entries(TERMINALS)) {
    it(`${name}: body and coloured text read at 4.5:1 on the background and every panel, in the ANSI hues`, () => {
      const palette = systemPalette(terminal, name !== "light");
      expectReadable(palette, terminal.background);
      expect(hueGap(rgb(palette, "error"), terminal.palette[1]!)).toBeLessThan(0.1);
      expect(hueGap(rgb(palette, "mdLink"), terminal.palette[4]!)).toBeLessThan(0.1);
    });
  }

  it("a light terminal's pale yellow is darkened until it reads, keeping its hue", () => {
    const palette = systemPalette(TERMINALS.light, false);
    expect(toOklch(rgb(palette, "warning")).l).toBeLessThan(toOklch(TERMINALS.light.palette[3]!).l);
    expect(hueGap(rgb(palette, "warning"), TERMINALS.light.palette[3]!)).toBeLessThan(0.1);
  });

  it("pastels keep their chroma (and their colour when they already read)", () => {
    const palette = systemPalette(TERMINALS.frappe, true);
    expect(palette.success).toBe("#a6d189");
    // Frappe's red falls just short of 4.5:1 on its panels: it is lifted, and keeps its chroma as far as sRGB allows
    for (const [token, ansi] of [["error", 1], ["syntaxKeyword", 5]] as const) {
      const [made, given] = [toOklch(rgb(palette, token)), toOklch(TERMINALS.frappe.palette[ansi]!)];
      expect(Math.abs(made.c - given.c), token).toBeLessThan(0.03);
    }
  });

  it("a background alone places pith's own hues for it", () => {
    const background = fromHex("#2a1f3d");
    const palette = systemPalette({ background }, true);
    expectReadable(palette, background);
    expect(hueGap(rgb(palette, "error"), fromHex(String(DARK.error)))).toBeLessThan(0.1);
    expect(hueGap(rgb(palette, "mdLink"), fromHex(String(DARK.mdLink)))).toBeLessThan(0.1);
  });

  it("nothing reported: ANSI indices, the terminal's own text colour (secondary text faint), panels without a background", () => {
    const palette = systemPalette({}, true);
    expect(palette).toMatchObject({ error: 1, success: 2, warning: 3, mdLink: 4, syntaxKeyword: 5, accent: 6, muted: FAINT, dim: FAINT, text: "", userMessageBg: "", toolErrorBg: "" });
    const theme = new Theme("system", palette, "truecolor");
    expect(theme.fg("dim", "x")).toBe("\x1b[2mx\x1b[22m");
    expect(theme.fg("error", "x")).toBe("\x1b[38;5;1mx\x1b[39m");
    expect(theme.bg("userMessageBg", "x")).toBe("x");
  });
});
