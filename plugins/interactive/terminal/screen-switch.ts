// The UI's screen, which `/settings` can change between regular and fullscreen while pith runs. Components hold
// `tui`, one stable object that always speaks to the current screen; a switch moves the parts, the focus and what
// was registered on the old screen (input listeners, colour-scheme listeners) to the new one.
import { TuiAltScreen, TuiMainScreen, type Component, type ScrollView, type TerminalColorScheme, type TUI, type TuiInputListener, type TuiMainScreenRenderState } from "@earendil-works/pi-tui";
import { createScreen, type FullscreenSettings, type ScreenParts, type TuiMode } from "./screens.js";

type SchemeListener = (scheme: TerminalColorScheme) => void;

/** what the screen shows: the UI's parts, put on a screen, and fullscreen mode's scrolling transcript */
export interface ScreenContent {
  mount(tui: TUI): void;
  readonly transcript: ScrollView;
}

export class ScreenSwitch {
  private current: TUI;
  private running = false;
  private readonly inputListeners = new Set<TuiInputListener>();
  private readonly schemeListeners = new Map<SchemeListener, () => void>();
  private schemeNotifications = false;
  /** what the normal screen showed when fullscreen took over: a switch back draws on from there */
  private regularState: TuiMainScreenRenderState | undefined;
  private content: ScreenContent | undefined;
  /** the stable screen the components use */
  readonly tui: TUI;

  constructor(
    private readonly parts: ScreenParts,
    mode: TuiMode,
    private fullscreen: FullscreenSettings,
  ) {
    this.current = createScreen(mode, parts, fullscreen);
    this.tui = this.stableScreen();
  }

  get mode(): TuiMode {
    return this.current.mode;
  }

  /** the screen drawing now (for settings only the fullscreen one has) */
  get screen(): TUI {
    return this.current;
  }

  /** puts the UI's parts on the screen, now and after each switch */
  attach(content: ScreenContent): void {
    this.content = content;
    content.mount(this.current);
    content.transcript.setScrollbar(this.fullscreen.scrollbar);
  }

  /** fullscreen mode's settings, applied to the screen at once */
  configure(fullscreen: FullscreenSettings): void {
    this.fullscreen = fullscreen;
    this.content?.transcript.setScrollbar(fullscreen.scrollbar);
    if (this.current instanceof TuiAltScreen) {
      this.current.setCopyOnSelect(fullscreen.copyOnSelect);
      this.current.setWheelScrollLines(fullscreen.wheelScrollLines);
    }
  }

  /** Moves the UI to a screen of `mode`; false when an overlay is open (it belongs to the screen it is on). */
  switchTo(mode: TuiMode, start = true): boolean {
    const previous = this.current;
    if (mode === previous.mode) return true;
    if (previous.hasOverlay()) return false;
    const focus = (previous as TUI & { getFocusedComponent(): Component | null }).getFocusedComponent();
    if (previous instanceof TuiMainScreen) this.regularState = previous.captureRenderState();
    if (this.running) previous.stop({ preserveScreen: true });
    previous.setFocus(null);
    for (const listener of this.inputListeners) previous.removeInputListener(listener);
    for (const stop of this.schemeListeners.values()) stop();
    previous.setTerminalColorSchemeNotifications(false);
    previous.clear();
    if ("setLayoutRoot" in previous) (previous as TUI & { setLayoutRoot(root: undefined): void }).setLayoutRoot(undefined);

    const next = createScreen(mode, { ...this.parts, showHardwareCursor: previous.getShowHardwareCursor() }, this.fullscreen);
    next.setClearOnShrink(previous.getClearOnShrink());
    next.onDebug = previous.onDebug;
    if (next instanceof TuiMainScreen && this.regularState) next.restoreRenderState(this.regularState);
    for (const listener of this.inputListeners) next.addInputListener(listener);
    for (const listener of this.schemeListeners.keys()) this.schemeListeners.set(listener, next.onTerminalColorSchemeChange(listener));
    this.current = next;
    this.content?.mount(next);
    next.invalidate();
    next.setFocus(focus);
    if (this.running && !start) this.running = false;
    if (this.running) {
      next.start();
      next.setTerminalColorSchemeNotifications(this.schemeNotifications);
    }
    return true;
  }

  /**
   * Gives the terminal back. Fullscreen mode leaves the alternate screen and, with "transcript", draws the whole
   * conversation on the normal screen as regular mode would have: pi-tui's own exit print lays the transcript out
   * in the height the dock left it, which is one row when nothing bounds the height.
   */
  stop(exitOutput: "transcript" | "resume-hint"): void {
    if (this.current.mode === "fullscreen" && exitOutput === "transcript") {
      while (this.current.hasOverlay()) this.current.hideOverlay();
      this.switchTo("regular", false);
      this.current.renderNow();
    } else if (this.running && this.current.mode === "regular") {
      // what changed since the last frame (an error shown just before quitting) is on the screen that stays
      this.current.renderNow();
    }
    this.tui.stop({ preserveScreen: this.current.mode === "fullscreen" });
  }

  private stableScreen(): TUI {
    const own: Partial<Record<keyof TUI, unknown>> = {
      start: () => {
        this.running = true;
        this.current.start();
      },
      stop: (options?: Parameters<TUI["stop"]>[0]) => {
        this.running = false;
        this.current.stop(options);
      },
      addInputListener: (listener: TuiInputListener) => {
        this.inputListeners.add(listener);
        this.current.addInputListener(listener);
        return () => this.tui.removeInputListener(listener);
      },
      removeInputListener: (listener: TuiInputListener) => {
        this.inputListeners.delete(listener);
        this.current.removeInputListener(listener);
      },
      onTerminalColorSchemeChange: (listener: SchemeListener) => {
        this.schemeListeners.set(listener, this.current.onTerminalColorSchemeChange(listener));
        return () => {
          this.schemeListeners.get(listener)?.();
          this.schemeListeners.delete(listener);
        };
      },
      setTerminalColorSchemeNotifications: (enabled: boolean) => {
        this.schemeNotifications = enabled;
        this.current.setTerminalColorSchemeNotifications(enabled);
      },
    };
    return new Proxy({} as TUI, {
      get: (_target, property) => {
        if (Object.hasOwn(own, property)) return own[property as keyof TUI];
        const screen = this.current;
        const value = Reflect.get(screen, property, screen) as unknown;
        // bound when called, not when read: a method kept across a switch speaks to the screen of the moment
        return typeof value === "function" ? (...args: unknown[]) => Reflect.apply(Reflect.get(this.current, property, this.current) as (...a: unknown[]) => unknown, this.current, args) : value;
      },
      set: (_target, property, value) => Reflect.set(this.current, property, value, this.current),
      has: (_target, property) => Reflect.has(this.current, property),
      getPrototypeOf: () => Reflect.getPrototypeOf(this.current),
    });
  }
}
