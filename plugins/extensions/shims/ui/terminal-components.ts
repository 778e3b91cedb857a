// pi's UI components that extensions build on, for a process that runs pith's terminal UI: real pi-tui
// components, so an extension's editor (`class VimEditor extends CustomEditor`) edits, a border and a loader draw,
// pi's message components, dialogs, footer and selectors (model, session, settings and tree ones included) are pith's own, and pi's theme accessors and key hints
// give the UI's theme and the user's keys.
// Runs without a terminal keep the inert ones (inert-component.ts) and never load pi-tui for them.
import { Editor, type EditorOptions, type EditorTheme, type KeybindingsManager, type TUI } from "@earendil-works/pi-tui";
import { borderWithStatus, type StatusInBorder, type StatusLoader } from "../../../interactive/components/border-status.js";

type KeyAction = Parameters<KeybindingsManager["matches"]>[1];

/**
 * pi's `CustomEditor`: pi-tui's editor that answers the application's keys first. The host fills `actionHandlers`,
 * `onEscape`, `onCtrlD` and `onExtensionShortcut` when it puts the editor in place.
 */
export class CustomEditor extends Editor implements StatusInBorder {
  /** the working indicator goes in this editor's top border instead of its own row (pi: off unless asked for) */
  readonly embedWorkingStatus: boolean;
  private workingStatus: StatusLoader | undefined;
  readonly actionHandlers = new Map<string, () => void>();
  onEscape?: () => void;
  onCtrlD?: () => void;
  onPasteImage?: () => void;
  /** an extension shortcut; true when `data` was one */
  onExtensionShortcut?: (data: string) => boolean;

  constructor(
    tui: TUI,
    theme: EditorTheme,
    readonly keybindings: KeybindingsManager,
    options?: EditorOptions & { embedWorkingStatus?: boolean },
  ) {
    super(tui, theme, options);
    this.embedWorkingStatus = options?.embedWorkingStatus ?? false;
  }

  setWorkingStatusIndicator(indicator: StatusLoader | undefined): void {
    this.workingStatus = indicator;
  }

  protected override renderTopBorder(width: number, hiddenLineCount: number): string {
    const status = this.embedWorkingStatus ? this.workingStatus : undefined;
    return borderWithStatus(status, width, hiddenLineCount, this.borderColor) ?? super.renderTopBorder(width, hiddenLineCount);
  }

  onAction(action: string, handler: () => void): void {
    this.actionHandlers.set(action, handler);
  }

  override handleInput(data: string): void {
    if (this.onExtensionShortcut?.(data)) return;
    const is = (action: string) => this.keybindings.matches(data, action as KeyAction);
    // escape closes an open completion list before it means "abort"
    if (is("app.interrupt")) {
      const interrupt = this.onEscape ?? this.actionHandlers.get("app.interrupt");
      if (!this.isShowingAutocomplete() && interrupt) return interrupt();
      return super.handleInput(data);
    }
    // ctrl+d quits only an empty editor; otherwise it deletes forward
    if (is("app.exit") && this.getText().length === 0) return void (this.onCtrlD ?? this.actionHandlers.get("app.exit"))?.();
    if (!is("app.exit") && !is("tui.editor.historyPrevious") && !is("tui.editor.historyNext")) {
      for (const [action, handler] of this.actionHandlers) {
        if (action !== "app.interrupt" && action !== "app.exit" && is(action)) return handler();
      }
    }
    super.handleInput(data);
  }
}

export { DynamicBorder } from "./dynamic-border.js";
export {
  AssistantMessageComponent,
  BashExecutionComponent,
  BranchSummaryMessageComponent,
  CompactionSummaryMessageComponent,
  CustomMessageComponent,
  SkillInvocationMessageComponent,
  UserMessageComponent,
} from "./terminal-messages.js";
export { ToolExecutionComponent } from "./terminal-tool-execution.js";
export { ExtensionEditorComponent, LoginDialogComponent } from "./terminal-login-editor.js";
export { FooterComponent } from "./terminal-footer.js";
export {
  ModelSelectorComponent,
  OAuthSelectorComponent,
  ShowImagesSelectorComponent,
  ThemeSelectorComponent,
  ThinkingSelectorComponent,
  UserMessageSelectorComponent,
} from "./terminal-selectors.js";
export { SessionSelectorComponent, TreeSelectorComponent } from "./terminal-session-selectors.js";
export { SettingsSelectorComponent } from "./terminal-settings-selector.js";
export { BorderedLoader, ExtensionInputComponent, ExtensionSelectorComponent } from "./terminal-dialogs.js";
export { getMarkdownTheme, getSelectListTheme, getSettingsListTheme, highlightCode, keyHint, keyText, rawKeyHint, renderDiff, Theme } from "./terminal-theme.js";
