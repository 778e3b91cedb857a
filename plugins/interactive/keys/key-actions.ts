// What each application key does (which key that is, is key-bindings.ts's business).
import { TuiAltScreen, type KeybindingsManager, type TUI } from "@earendil-works/pi-tui";
import type { AgentSession, PluginContext } from "../../../kernel/index.js";
import type { ChatController } from "../chat/chat-controller.js";
import type { PromptEditor } from "../components/prompt-editor.js";
import type { Submitter } from "../input/submit.js";
import { readClipboardForPaste } from "../clipboard/paste.js";
import { editExternally } from "../terminal/external-editor.js";
import { suspend } from "../terminal/suspend.js";
import type { InteractiveUi } from "../ui-service/ui-service.js";

export interface KeyActionParts {
  editor: PromptEditor;
  keys: KeybindingsManager;
  session: AgentSession;
  context: PluginContext;
  chat: ChatController;
  ui: InteractiveUi;
  submitter: Submitter;
  tui: TUI;
  quit(code?: number): void;
}

/** two ctrl+c within this many milliseconds quit */
const DOUBLE_PRESS_MS = 500;

export function bindKeyActions(parts: KeyActionParts): void {
  const { editor, session, context, chat, submitter, quit } = parts;
  let lastClear = 0;
  let lastEscape = 0;

  editor.onSubmit = (text) => submitter.submitFromEditor(text, "steer");
  editor.onAction("app.message.followUp", () => submitter.submitFromEditor(editor.getExpandedText(), "followUp"));

  editor.onAction("app.interrupt", () => {
    if (submitter.abortBash()) return;
    if (context.tryUse("compaction")?.isCompacting) return context.use("compaction").abort();
    if (session.isStreaming) return void interrupt(parts);
    if (editor.getText().startsWith("!")) return editor.setText("");
    if (editor.getText() !== "") return false;
    // two escapes on an empty editor: pi's doubleEscapeAction (the tree navigator by default)
    const now = Date.now();
    if (now - lastEscape >= DOUBLE_PRESS_MS) {
      lastEscape = now;
      return false;
    }
    lastEscape = 0;
    const action = context.tryUse("settings")?.get().doubleEscapeAction ?? "tree";
    if (action !== "none") void submitter.send(`/${action}`);
  });

  editor.onAction("app.clear", () => {
    const now = Date.now();
    if (now - lastClear < DOUBLE_PRESS_MS) return quit(0);
    lastClear = now;
    editor.setText("");
  });

  editor.onAction("app.exit", () => {
    if (editor.getText() !== "") return false;
    quit(0);
  });

  // as pi 1.6.0, each toggle says what it did; hiding thinking is saved as the hideThinkingBlock setting
  editor.onAction("app.tools.expand", () => {
    chat.setToolsExpanded(!chat.settings.toolsExpanded);
    chat.notify("status", `Tool output: ${chat.settings.toolsExpanded ? "expanded" : "collapsed"}`);
  });
  editor.onAction("app.thinking.toggle", () => {
    const hide = !chat.settings.hideThinking;
    chat.setHideThinking(hide);
    chat.notify("status", `Thinking blocks: ${hide ? "hidden" : "visible"}`);
    context
      .tryUse("settings")
      ?.set("hideThinkingBlock", hide, "global")
      .catch((error: unknown) => chat.notify("error", error instanceof Error ? error.message : String(error)));
  });

  editor.onAction("app.thinking.cycle", () => {
    // Only the levels the model has, as pi cycles: the opt-in xhigh and max where its map names them.
    void context
      .use("modelSwitch")
      .cycleThinkingLevel()
      .then((level) => chat.notify("status", level ? `Thinking level: ${level}` : "The current model does not support thinking"))
      .catch((error: unknown) => chat.notify("error", error instanceof Error ? error.message : String(error)));
  });

  const cycle = (direction: "forward" | "backward") => () => {
    void context
      .use("sessionControl")
      .cycleModel(direction)
      .then((cycled) => chat.notify("status", cycled ? `Model: ${cycled.model.id}` : "Only one model available"))
      .catch((error: unknown) => chat.notify("error", error instanceof Error ? error.message : String(error)));
  };
  editor.onAction("app.model.cycleForward", cycle("forward"));
  editor.onAction("app.model.cycleBackward", cycle("backward"));

  editor.onAction("app.suspend", () => suspend(parts.tui));
  editor.onAction("app.editor.external", () => {
    const result = editExternally(editor.getExpandedText(), parts.tui);
    if ("text" in result) editor.setText(result.text);
    else if ("error" in result) chat.notify("error", result.error);
  });
  editor.onAction("app.model.select", () => void submitter.send("/model"));
  editor.onAction("app.session.new", () => void submitter.send("/new"));
  editor.onAction("app.session.tree", () => void submitter.send("/tree"));
  editor.onAction("app.session.fork", () => void submitter.send("/fork"));
  editor.onAction("app.session.resume", () => void submitter.send("/resume"));
  editor.onAction("app.clipboard.pasteImage", () => void pasteFromClipboard(parts));
  editor.onAction("app.message.copy", () => {
    // fullscreen without copy-on-select: the key copies the text selected with the mouse, if there is some
    const { tui } = parts;
    if (tui instanceof TuiAltScreen && !tui.getCopyOnSelect() && tui.hasActiveSelection()) void tui.copyActiveSelectionToClipboard();
    else void submitter.send("/copy");
  });

  editor.onAction("app.message.dequeue", () => {
    const restored = restoreQueued(parts);
    if (!restored) chat.notify("status", "No queued messages");
  });
}

/** ctrl+v: an image on the clipboard goes into the editor as the path of a temporary copy, else its text */
async function pasteFromClipboard({ editor, chat, tui }: KeyActionParts): Promise<void> {
  try {
    const pasted = await readClipboardForPaste();
    if (pasted.kind === "nothing") return chat.notify("status", "Nothing to paste: no image or text on the clipboard (on Linux pith reads it with wl-paste or xclip)");
    editor.insertTextAtCursor(pasted.kind === "image" ? pasted.path : pasted.text);
    tui.requestRender();
  } catch (error) {
    chat.notify("error", `Failed to paste from clipboard: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** escape while the agent works: stop it, and put what was queued back into the editor */
async function interrupt(parts: KeyActionParts): Promise<void> {
  restoreQueued(parts);
  await parts.session.abort();
}

function restoreQueued({ session, editor, submitter }: KeyActionParts): boolean {
  const { steering, followUp } = session.clearQueue();
  const held = submitter.takeHeld();
  const queued = [...steering, ...held.steering, ...followUp, ...held.followUp];
  if (queued.length === 0) return false;
  const current = editor.getText();
  editor.setText([...queued, ...(current ? [current] : [])].join("\n\n"));
  return true;
}
