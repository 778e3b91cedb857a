// pi's old keybindings.json action names (before the `app.*` / `tui.*` ids) and the ids they became. pi reads a
// file that still uses them as if it used the new ids, and writes the file back with the new ids at start-up, so
// the same file keeps working in pi and in pith.
const RENAMED_ACTIONS: Readonly<Record<string, string>> = {
  cursorUp: "tui.editor.cursorUp",
  cursorDown: "tui.editor.cursorDown",
  cursorLeft: "tui.editor.cursorLeft",
  cursorRight: "tui.editor.cursorRight",
  cursorWordLeft: "tui.editor.cursorWordLeft",
  cursorWordRight: "tui.editor.cursorWordRight",
  cursorLineStart: "tui.editor.cursorLineStart",
  cursorLineEnd: "tui.editor.cursorLineEnd",
  jumpForward: "tui.editor.jumpForward",
  jumpBackward: "tui.editor.jumpBackward",
  pageUp: "tui.editor.pageUp",
  pageDown: "tui.editor.pageDown",
  deleteCharBackward: "tui.editor.deleteCharBackward",
  deleteCharForward: "tui.editor.deleteCharForward",
  deleteWordBackward: "tui.editor.deleteWordBackward",
  deleteWordForward: "tui.editor.deleteWordForward",
  deleteToLineStart: "tui.editor.deleteToLineStart",
  deleteToLineEnd: "tui.editor.deleteToLineEnd",
  yank: "tui.editor.yank",
  yankPop: "tui.editor.yankPop",
  undo: "tui.editor.undo",
  newLine: "tui.input.newLine",
  submit: "tui.input.submit",
  tab: "tui.input.tab",
  copy: "tui.input.copy",
  selectUp: "tui.select.up",
  selectDown: "tui.select.down",
  selectPageUp: "tui.select.pageUp",
  selectPageDown: "tui.select.pageDown",
  selectConfirm: "tui.select.confirm",
  selectCancel: "tui.select.cancel",
  interrupt: "app.interrupt",
  clear: "app.clear",
  exit: "app.exit",
  suspend: "app.suspend",
  cycleThinkingLevel: "app.thinking.cycle",
  cycleModelForward: "app.model.cycleForward",
  cycleModelBackward: "app.model.cycleBackward",
  selectModel: "app.model.select",
  expandTools: "app.tools.expand",
  toggleThinking: "app.thinking.toggle",
  toggleSessionNamedFilter: "app.session.toggleNamedFilter",
  externalEditor: "app.editor.external",
  followUp: "app.message.followUp",
  dequeue: "app.message.dequeue",
  pasteImage: "app.clipboard.pasteImage",
  newSession: "app.session.new",
  tree: "app.session.tree",
  fork: "app.session.fork",
  resume: "app.session.resume",
  treeFoldOrUp: "app.tree.foldOrUp",
  treeUnfoldOrDown: "app.tree.unfoldOrDown",
  treeEditLabel: "app.tree.editLabel",
  treeToggleLabelTimestamp: "app.tree.toggleLabelTimestamp",
  toggleSessionPath: "app.session.togglePath",
  toggleSessionSort: "app.session.toggleSort",
  renameSession: "app.session.rename",
  deleteSession: "app.session.delete",
  deleteSessionNoninvasive: "app.session.deleteNoninvasive",
};

export interface RenamedBindings {
  /** the entries under their current ids */
  config: Record<string, unknown>;
  /** an old name was found (and the file should be written back) */
  renamed: boolean;
}

/**
 * The file's entries with old names replaced by their ids, ordered as `knownIds` (then other ids, sorted), as pi
 * writes it. An old name whose id is also in the file is dropped: the new id wins.
 */
export function renameOldActions(raw: Readonly<Record<string, unknown>>, knownIds: readonly string[]): RenamedBindings {
  const renamedEntries: Record<string, unknown> = {};
  let renamed = false;
  for (const [name, keys] of Object.entries(raw)) {
    const id = RENAMED_ACTIONS[name] ?? name;
    if (id === name) {
      renamedEntries[id] = keys;
      continue;
    }
    renamed = true;
    if (!Object.hasOwn(raw, id)) renamedEntries[id] = keys;
  }
  if (!renamed) return { config: { ...raw }, renamed };
  const config: Record<string, unknown> = {};
  for (const id of knownIds) if (Object.hasOwn(renamedEntries, id)) config[id] = renamedEntries[id];
  for (const id of Object.keys(renamedEntries).filter((other) => !Object.hasOwn(config, other)).sort()) config[id] = renamedEntries[id];
  return { config, renamed };
}
