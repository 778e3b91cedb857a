// The prompt editor: pi-tui's multi-line Editor, with the application's keys (abort, clear, exit, follow-up,
// expand...) taken before the editor sees them. Which key does what is data (keys/key-bindings.ts); what an action does
// is registered by the controller.
import { Editor, type EditorTheme, type KeybindingsManager, type TUI } from "@earendil-works/pi-tui";
import type { AppAction } from "../keys/key-bindings.js";
import { borderWithStatus, type StatusInBorder, type StatusLoader } from "./border-status.js";

/** an action handler; returning false lets the editor handle the key as usual */
export type ActionHandler = () => boolean | void;

export class PromptEditor extends Editor implements StatusInBorder {
  /** as pi's own editor: the working indicator is drawn in the top border */
  readonly embedWorkingStatus = true;
  private status: StatusLoader | undefined;
  private readonly actions = new Map<AppAction, ActionHandler>();
  /** raw input handlers that see keys first (extensions' onTerminalInput, shortcuts) */
  readonly interceptors = new Set<(data: string) => boolean>();

  constructor(
    tui: TUI,
    theme: EditorTheme,
    private readonly keys: KeybindingsManager,
    options?: { paddingX?: number; autocompleteMaxVisible?: number },
  ) {
    super(tui, theme, options);
  }

  onAction(action: AppAction, handler: ActionHandler): void {
    this.actions.set(action, handler);
  }

  /** the application's key actions, for an extension's editor that takes this one's place */
  actionHandlers(): ReadonlyMap<AppAction, ActionHandler> {
    return this.actions;
  }

  setWorkingStatusIndicator(indicator: StatusLoader | undefined): void {
    this.status = indicator;
  }

  protected override renderTopBorder(width: number, hiddenLineCount: number): string {
    return borderWithStatus(this.status, width, hiddenLineCount, this.borderColor) ?? super.renderTopBorder(width, hiddenLineCount);
  }

  override handleInput(data: string): void {
    for (const intercept of this.interceptors) if (intercept(data)) return;
    for (const [action, handler] of this.actions) {
      if (!this.keys.matches(data, action)) continue;
      // escape closes an open completion list before it means "abort"
      if (action === "app.interrupt" && this.isShowingAutocomplete()) break;
      if (handler() !== false) return;
      break;
    }
    super.handleInput(data);
  }
}
