// pi's session tree and session list selectors as extensions construct them, in a process that runs pith's terminal
// UI: the /tree navigator and the /resume picker behind pi 1.6.0's constructors, showing the tree and the sessions
// the extension hands them (`ctx.sessionManager.getTree()`, `SessionManager.list`), answering with pi's callbacks.
import { homedir } from "node:os";
import { Container, getKeybindings, type Focusable } from "@earendil-works/pi-tui";
import type { SessionInfo, SessionTreeNode } from "../../../sessions/index.js";
import { deleteSessionFile } from "../../../interactive/resume/delete-session-file.js";
import { SessionPicker } from "../../../interactive/resume/session-picker.js";
import { entryCopyText, type TreeFilter } from "../../../interactive/tree/tree-rows.js";
import { TreeSelector } from "../../../interactive/tree/tree-selector.js";
import { interactiveTheme } from "./terminal-theme.js";

/** the ids from a root to `leafId` */
function pathTo(roots: readonly SessionTreeNode[], leafId: string | null): Set<string> {
  const path: string[] = [];
  const walk = (nodes: readonly SessionTreeNode[]): boolean =>
    nodes.some((node) => {
      path.push(node.entry.id);
      if (node.entry.id === leafId || walk(node.children)) return true;
      path.pop();
      return false;
    });
  walk(roots);
  return new Set(path);
}

function findNode(roots: readonly SessionTreeNode[], id: string): SessionTreeNode | undefined {
  for (const node of roots) {
    const found = node.entry.id === id ? node : findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * pi's `TreeSelectorComponent(tree, currentLeafId, terminalHeight, onSelect, onCancel, onLabelChange?, initialSelectedId?, initialFilterMode?)`:
 * the label key asks for a label in place of the rows (given to `onLabelChange`, shown in the tree at once).
 */
export class TreeSelectorComponent extends Container implements Focusable {
  private readonly treeList: TreeSelector;
  onCopy?: (text: string | undefined) => void;

  constructor(
    private readonly tree: SessionTreeNode[],
    currentLeafId: string | null,
    terminalHeight: number,
    onSelect: (entryId: string) => void,
    onCancel: () => void,
    private readonly onLabelChange?: (entryId: string, label: string | undefined) => void,
    initialSelectedId?: string,
    initialFilterMode?: TreeFilter,
  ) {
    super();
    const active = pathTo(tree, currentLeafId);
    this.treeList = new TreeSelector(
      {
        source: { roots: () => this.tree, leafId: () => currentLeafId, activeIds: () => active },
        filter: initialFilterMode ?? "default",
        height: Math.floor(terminalHeight / 2),
        keys: getKeybindings(),
        onSelect,
        onCancel,
        onLabel: (id, label) => this.setLabel(id, label),
        onCopy: (id) => this.onCopy?.(entryCopyText(findNode(this.tree, id)?.entry)),
      },
      interactiveTheme(),
    );
    if (initialSelectedId) this.treeList.reload(initialSelectedId);
    this.addChild(this.treeList);
  }

  get focused(): boolean {
    return this.treeList.focused;
  }

  set focused(value: boolean) {
    this.treeList.focused = value;
  }

  handleInput(data: string): void {
    this.treeList.handleInput(data);
  }

  getTreeList(): TreeSelector {
    return this.treeList;
  }

  private setLabel(id: string, label: string | undefined): void {
    const node = findNode(this.tree, id);
    if (node) Object.assign(node, { label, labelTimestamp: label ? new Date().toISOString() : undefined });
    this.onLabelChange?.(id, label);
    this.treeList.reload(id);
  }
}

type SessionsLoader = (onProgress?: (loaded: number, total: number) => void, signal?: AbortSignal) => Promise<SessionInfo[]>;

interface SessionSelectorOptions {
  renameSession?: (sessionPath: string, currentName: string | undefined) => Promise<void>;
  showRenameHint?: boolean;
}

/**
 * pi's `SessionSelectorComponent(currentSessionsLoader, allSessionsLoader, onSelect, onCancel, onExit, requestRender, options?, currentSessionFilePath?)`:
 * the /resume picker over the sessions the loaders give (tab loads the other scope); renaming goes to
 * `options.renameSession`, deleting moves the file to the trash (or removes it) as /resume does.
 */
export class SessionSelectorComponent extends Container implements Focusable {
  private readonly picker: SessionPicker;
  private readonly loads = new AbortController();

  constructor(
    currentSessionsLoader: SessionsLoader,
    allSessionsLoader: SessionsLoader,
    onSelect: (sessionPath: string) => void,
    onCancel: () => void,
    _onExit: () => void,
    requestRender: () => void,
    options: SessionSelectorOptions = {},
    currentSessionFilePath?: string,
  ) {
    super();
    const leaving = (then: () => void) => () => {
      this.loads.abort();
      then();
    };
    this.picker = new SessionPicker(
      {
        load: (scope) => (scope === "all" ? allSessionsLoader : currentSessionsLoader)(undefined, this.loads.signal),
        ...(currentSessionFilePath !== undefined ? { current: currentSessionFilePath } : {}),
        home: homedir(),
        rename: async (path, name) => {
          if (!options.renameSession) throw new Error("this list does not rename sessions");
          await options.renameSession(path, name);
        },
        delete: deleteSessionFile,
        onSelect: (path) => leaving(() => onSelect(path))(),
        onCancel: leaving(onCancel),
        requestRender,
      },
      interactiveTheme(),
    );
    this.addChild(this.picker);
  }

  get focused(): boolean {
    return this.picker.focused;
  }

  set focused(value: boolean) {
    this.picker.focused = value;
  }

  handleInput(data: string): void {
    this.picker.handleInput(data);
  }

  getSessionList(): SessionPicker {
    return this.picker;
  }
}
