// pi's default "system" theme: every colour role is derived from what the terminal reported of its own colours.
// A role takes its hue from one of the 16 ANSI colours (without them, from pith's own palette), and its lightness
// moves away from the background until it reaches the role's minimum contrast; chroma stays where the gamut
// allows. Body text reads at 4.5:1 (WCAG) on the background and on every panel. A terminal that reported nothing
// gets ANSI indices and its own default colours, which it draws itself, secondary text faint.
import type { RgbColor, TerminalColors } from "@earendil-works/pi-tui";
import { contrast, fromHex, fromOklch, toHex, toOklch, type Oklch } from "./color-math.js";
import { DARK, FAINT, LIGHT, THEME_TOKENS, type Palette, type ThemeToken } from "./tokens.js";

export const SYSTEM_THEME_NAME = "system";

/** body text, coloured text, borders and marks, secondary text: minimum contrast on the background (and panels) */
const BODY = 4.5;
const MARK = 3;
const MUTED = 3;
const DIM = 2.2;
const FAINT_BORDER = 1.5;

type Rule =
  | { kind: "text" }
  | { kind: "color"; ansi: number; min: number }
  | { kind: "secondary"; target: number }
  | { kind: "panel"; ansi: number | undefined; apart: number /* its contrast with the background */ };

const text: Rule = { kind: "text" };
const color = (ansi: number, min = BODY): Rule => ({ kind: "color", ansi, min });
const secondary = (target: number): Rule => ({ kind: "secondary", target });
const panel = (ansi: number | undefined, apart = 1.2): Rule => ({ kind: "panel", ansi, apart });
const [RED, GREEN, YELLOW, BLUE, MAGENTA, CYAN, BRIGHT_RED] = [1, 2, 3, 4, 5, 6, 9];

const RULES: Record<ThemeToken, Rule> = {
  text, userMessageText: text, customMessageText: text, toolTitle: text, searchMatchText: text, scrollbarThumb: text,
  syntaxVariable: text, syntaxOperator: text, syntaxPunctuation: text,
  accent: color(CYAN), borderAccent: color(CYAN, MARK), border: color(BLUE, MARK), mdListBullet: color(CYAN, MARK),
  success: color(GREEN), error: color(RED), warning: color(YELLOW), bashMode: color(YELLOW), customMessageLabel: color(MAGENTA),
  mdHeading: color(YELLOW), mdLink: color(BLUE), mdCode: color(CYAN), mdCodeBlock: color(GREEN),
  toolDiffAdded: color(GREEN), toolDiffRemoved: color(RED), syntaxComment: color(GREEN, MUTED),
  syntaxKeyword: color(MAGENTA), syntaxFunction: color(BLUE), syntaxString: color(GREEN), syntaxNumber: color(YELLOW), syntaxType: color(YELLOW),
  thinkingLow: color(BLUE, MARK), thinkingMedium: color(CYAN, MARK), thinkingHigh: color(MAGENTA, MARK), thinkingXhigh: color(RED, MARK),
  thinkingMax: color(BRIGHT_RED, MARK),
  muted: secondary(MUTED), thinkingText: secondary(MUTED), toolOutput: secondary(MUTED), toolDiffContext: secondary(MUTED),
  mdQuote: secondary(MUTED), scrollbarTrack: secondary(MUTED),
  dim: secondary(DIM), mdLinkUrl: secondary(DIM), mdCodeBlockBorder: secondary(DIM), mdQuoteBorder: secondary(DIM), mdHr: secondary(DIM),
  thinkingOff: secondary(FAINT_BORDER), thinkingMinimal: secondary(DIM), borderMuted: secondary(FAINT_BORDER),
  selectedBg: panel(BLUE, 1.35), userMessageBg: panel(undefined), customMessageBg: panel(MAGENTA), toolPendingBg: panel(undefined, 1.12),
  toolSuccessBg: panel(GREEN), toolErrorBg: panel(RED), searchMatchBg: panel(YELLOW, 1.5),
};

const PANEL_CHROMA = 0.03;
const tokensOf = (kind: Rule["kind"]) => THEME_TOKENS.filter((token) => RULES[token].kind === kind);

/** the "system" palette for what the terminal reported */
export function systemPalette({ foreground, background, palette }: TerminalColors, dark: boolean): Palette {
  if (!background) return ansiPalette();
  const own = dark ? DARK : LIGHT;
  const fg = foreground ?? (dark ? { r: 255, g: 255, b: 255 } : { r: 0, g: 0, b: 0 });
  const hueSource = (token: ThemeToken, ansi: number | undefined): RgbColor => {
    if (palette && ansi !== undefined) return palette[ansi]!;
    const value = own[token];
    return typeof value === "string" && value.startsWith("#") ? fromHex(value) : fg;
  };
  const bg = toOklch(background);
  const away = bg.l < toOklch(fg).l ? 1 : -1;
  const result = {} as Palette;

  const panels: RgbColor[] = [];
  for (const token of tokensOf("panel")) {
    const rule = RULES[token] as Extract<Rule, { kind: "panel" }>;
    const tint = rule.ansi === undefined ? bg : { ...bg, c: PANEL_CHROMA, h: toOklch(hueSource(token, rule.ansi)).h };
    const fill = reach(tint, [background], rule.apart, away);
    panels.push(fill);
    result[token] = toHex(fill);
  }
  const surfaces = [background, ...panels];
  const body = toHex(reach(toOklch(fg), surfaces, BODY, away));
  for (const token of tokensOf("text")) result[token] = body;
  for (const token of THEME_TOKENS) {
    const rule = RULES[token];
    if (rule.kind === "color") result[token] = toHex(reach(toOklch(hueSource(token, rule.ansi)), surfaces, rule.min, away));
    // secondary text starts from the background's lightness, so it lands at its contrast and no further
    if (rule.kind === "secondary") result[token] = toHex(reach({ ...toOklch(fg), l: bg.l }, [background], rule.target, away));
  }
  return result;
}

/**
 * The lightness nearest the colour's own (moving away from the background) at which it reaches `min` against every
 * surface; the farthest lightness when none does.
 */
function reach(color: Oklch, surfaces: readonly RgbColor[], min: number, away: 1 | -1): RgbColor {
  const worst = (l: number) => Math.min(...surfaces.map((surface) => contrast(fromOklch({ ...color, l }), surface)));
  if (worst(color.l) >= min) return fromOklch(color);
  let [near, far] = [color.l, away > 0 ? 1 : 0];
  if (worst(far) < min) return fromOklch({ ...color, l: far });
  for (let step = 0; step < 24; step++) {
    const mid = (near + far) / 2;
    if (worst(mid) >= min) far = mid;
    else near = mid;
  }
  return fromOklch({ ...color, l: far });
}

/** nothing reported: ANSI indices, the terminal's default text colour (faint for secondary text), panels without a background */
function ansiPalette(): Palette {
  const result = {} as Palette;
  for (const token of THEME_TOKENS) {
    const rule = RULES[token];
    result[token] = rule.kind === "color" ? rule.ansi : rule.kind === "secondary" ? FAINT : "";
  }
  return result;
}
