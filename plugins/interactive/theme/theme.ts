// A theme turns colour roles into escape codes for the terminal at hand: truecolor or 256 colours, or none at all
// (NO_COLOR, TERM=dumb), where text keeps only its words. `fg` resets just the foreground and `bg` just the
// background, so themed pieces nest inside each other.
import { backgroundAnsi, foregroundAnsi, getTerminalColorMode, parseColor, type MarkdownTheme, type SelectListTheme, type SettingsListTheme, type EditorTheme } from "@earendil-works/pi-tui";
import { highlightCode } from "../../../lib/ui/syntax-highlight.js";
import type { UiTheme } from "../../../lib/ui/ui-types.js";
import { FAINT, THEME_TOKENS, type Palette, type ThemeToken } from "./tokens.js";

export type ColorDepth = "truecolor" | "256color" | "none";

export function detectColorDepth(env: NodeJS.ProcessEnv = process.env): ColorDepth {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return "none";
  if (env.TERM === "dumb") return "none";
  return getTerminalColorMode();
}

const KNOWN_TOKENS: ReadonlySet<string> = new Set(THEME_TOKENS);
const SGR = (on: number, off: number) => (text: string) => `\x1b[${on}m${text}\x1b[${off}m`;
const [FAINT_ON, FAINT_OFF] = ["\x1b[2m", "\x1b[22m"];

export class Theme implements UiTheme {
  private readonly foreground = new Map<ThemeToken, string>();
  private readonly background = new Map<ThemeToken, string>();
  private currentName: string;
  private currentPath: string | undefined;
  private currentPalette!: Palette;

  constructor(
    name: string,
    palette: Palette,
    readonly depth: ColorDepth,
    path?: string,
  ) {
    this.currentName = name;
    this.currentPath = path;
    this.paintWith(palette);
  }

  get name(): string {
    return this.currentName;
  }

  get path(): string | undefined {
    return this.currentPath;
  }

  /** the colours it paints with */
  get palette(): Palette {
    return this.currentPalette;
  }

  /**
   * Takes another palette in place: every component holding this theme paints with the new colours from its next
   * render (after the TUI's invalidate).
   */
  apply(name: string, palette: Palette, path?: string): void {
    this.currentName = name;
    this.currentPath = path;
    this.paintWith(palette);
  }

  private paintWith(palette: Palette): void {
    this.currentPalette = palette;
    this.foreground.clear();
    this.background.clear();
    for (const token of THEME_TOKENS) {
      const value = palette[token];
      if (this.depth === "none" || value === "") continue;
      if (value === FAINT) {
        this.foreground.set(token, FAINT_ON);
        continue;
      }
      const color = parseColor(value);
      this.foreground.set(token, foregroundAnsi(color, this.depth));
      this.background.set(token, backgroundAnsi(color, this.depth));
    }
  }

  fg(token: string, text: string): string {
    this.check(token);
    const code = this.foreground.get(token as ThemeToken);
    if (!code) return text;
    return `${code}${text}${code === FAINT_ON ? FAINT_OFF : "\x1b[39m"}`;
  }

  bg(token: string, text: string): string {
    this.check(token);
    const code = this.background.get(token as ThemeToken);
    return code ? `${code}${text}\x1b[49m` : text;
  }

  readonly bold = this.styled(1, 22);
  readonly italic = this.styled(3, 23);
  readonly underline = this.styled(4, 24);
  readonly inverse = this.styled(7, 27);
  readonly strikethrough = this.styled(9, 29);

  /** a function that paints text in one role, for components that take colour functions */
  paint(token: ThemeToken): (text: string) => string {
    return (text) => this.fg(token, text);
  }

  fill(token: ThemeToken): (text: string) => string {
    return (text) => this.bg(token, text);
  }

  markdown(): MarkdownTheme {
    return {
      heading: (text) => this.bold(this.fg("mdHeading", text)),
      link: this.paint("mdLink"),
      linkUrl: this.paint("mdLinkUrl"),
      code: this.paint("mdCode"),
      codeBlock: this.paint("mdCodeBlock"),
      codeBlockBorder: this.paint("mdCodeBlockBorder"),
      quote: this.paint("mdQuote"),
      quoteBorder: this.paint("mdQuoteBorder"),
      hr: this.paint("mdHr"),
      listBullet: this.paint("mdListBullet"),
      bold: this.bold,
      italic: this.italic,
      strikethrough: this.strikethrough,
      underline: this.underline,
      highlightCode: (code, lang) => highlightCode(code, lang, this),
    };
  }

  selectList(): SelectListTheme {
    return {
      selectedPrefix: this.paint("accent"),
      selectedText: (text) => this.bold(this.fg("accent", text)),
      description: this.paint("muted"),
      scrollInfo: this.paint("dim"),
      noMatch: this.paint("muted"),
    };
  }

  settingsList(): SettingsListTheme {
    return {
      label: (text, selected) => (selected ? this.fg("accent", text) : text),
      value: (text, selected) => (selected ? this.fg("accent", text) : this.fg("muted", text)),
      description: this.paint("dim"),
      cursor: this.fg("accent", "→ "),
      hint: this.paint("dim"),
    };
  }

  editor(borderToken: ThemeToken = "borderMuted"): EditorTheme {
    return { borderColor: this.paint(borderToken), selectList: this.selectList() };
  }

  private styled(on: number, off: number): (text: string) => string {
    const style = SGR(on, off);
    return (text) => (this.depth === "none" ? text : style(text));
  }

  private check(token: string): void {
    if (!KNOWN_TOKENS.has(token)) {
      throw new Error(`Unknown theme colour "${token}"; theme colours are: ${THEME_TOKENS.join(", ")}`);
    }
  }
}
