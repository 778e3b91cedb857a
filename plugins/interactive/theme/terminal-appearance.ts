// Whether the terminal is dark or light, as pi 1.6.0 finds out: it asks the terminal for its default colours
// (OSC 10/11, through pi-tui's queryTerminalColors, which ends at the DA1 reply or after 100 ms), and, with mode
// 2031 on, hears when the terminal switches between its dark and light schemes, then asks again. The reported
// background decides; without one, the scheme the terminal reported, then COLORFGBG, then dark. The same queries
// bring the 16 ANSI colours (OSC 4), which the "system" theme is built from.
import type { RgbColor, TerminalColors, TUI } from "@earendil-works/pi-tui";
import { colorFgBgAppearance, type Appearance } from "./initial-theme.js";
import { contrast, luminance } from "./color-math.js";


/** as pi: terminals that answer nothing cost at most this much before the first guess stands */
const QUERY_TIMEOUT_MS = 100;

/** the text colour that reads better on the background decides; a foreground clearly lighter or darker settles it first */
export function backgroundAppearance(background: RgbColor, foreground?: RgbColor): Appearance {
  const onWhite = contrast({ r: 255, g: 255, b: 255 }, background);
  const onBlack = contrast({ r: 0, g: 0, b: 0 }, background);
  if (foreground && Math.abs(luminance(foreground) - luminance(background)) > 0.05) {
    const appearance = luminance(foreground) > luminance(background) ? "dark" : "light";
    // a foreground that hardly reads on its background says less than the background alone
    if ((appearance === "dark" ? onWhite : onBlack) >= 4.5) return appearance;
  }
  return onWhite >= onBlack ? "dark" : "light";
}

export class TerminalAppearance {
  private colors: TerminalColors = {};
  private reported: Appearance | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly tui: TUI,
    /** called with the appearance whenever the terminal reports its colours or scheme */
    private readonly onChange: (appearance: Appearance) => void,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** what the terminal reported of its colours so far */
  get reportedColors(): TerminalColors {
    return this.colors;
  }

  get current(): Appearance {
    const { background, foreground } = this.colors;
    if (background) return backgroundAppearance(background, foreground);
    return this.reported ?? colorFgBgAppearance(this.env) ?? "dark";
  }

  /** asks the terminal for its colours and follows its scheme changes; resolves once the first answer (or the timeout) is in */
  follow(): Promise<void> {
    this.tui.setTerminalColorSchemeNotifications(true);
    this.stopListening = this.tui.onTerminalColorSchemeChange((scheme) => {
      this.update(() => (this.reported = scheme));
      void this.query();
    });
    return this.query();
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    this.tui.setTerminalColorSchemeNotifications(false);
  }

  private async query(): Promise<void> {
    const take = (colors: TerminalColors) => this.update(() => (this.colors = { ...this.colors, ...definedColors(colors) }));
    take(await this.tui.queryTerminalColors({ timeoutMs: QUERY_TIMEOUT_MS, onLateReply: take }).catch(() => ({})));
  }

  private update(change: () => void): void {
    const [before, colorsBefore] = [this.current, this.colors];
    change();
    if (this.current !== before || this.colors !== colorsBefore) this.onChange(this.current);
  }
}

/** a query that timed out keeps what earlier ones reported */
function definedColors({ foreground, background, palette }: TerminalColors): TerminalColors {
  return { ...(foreground ? { foreground } : {}), ...(background ? { background } : {}), ...(palette ? { palette } : {}) };
}
