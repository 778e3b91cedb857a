// /tree (and a double escape on an empty editor): moves the session to another entry of its tree, as pi does.
// Choosing an entry asks whether to summarise the branch being left (unless `branchSummary.skipPrompt`); as in pi
// 1.6.0 the summary's status is drawn in the editor's border, the editor stays, and escape cancels it, which opens
// the tree again at the same entry. A user message moves the leaf to its parent and comes back into the editor; any
// other entry becomes the leaf. The chat is then drawn again from the new branch.
import { Spacer } from "@earendil-works/pi-tui";
import type { CommandHost } from "../commands/command-host.js";
import { keysOf } from "../keys/key-bindings.js";
import { TreeSelector, type TreeSource } from "./tree-selector.js";
import { entryCopyText, type TreeFilter } from "./tree-rows.js";
import { copyToClipboard } from "../clipboard/copy.js";
import { compactedNote, sessionHistory } from "../chat/history.js";

const NO_SUMMARY = "No summary";
const SUMMARIZE = "Summarize";
const CUSTOM = "Summarize with custom prompt";

interface Destination {
  targetId: string;
  summarize: boolean;
  customInstructions?: string;
}

export async function treeCommand(_args: string, host: CommandHost): Promise<void> {
  const { context, chat } = host;
  const sessions = context.use("sessions");
  if (sessions.manager.getEntries().length === 0) return chat.notify("status", "No entries in session");
  let selected: string | undefined;
  for (;;) {
    const destination = await chooseDestination(host, selected);
    if (!destination) return;
    if (await navigate(host, destination)) return;
    selected = destination.targetId;
  }
}

async function chooseDestination(host: CommandHost, selected: string | undefined): Promise<Destination | undefined> {
  const { context, ui, tui } = host;
  const sessions = context.use("sessions");
  const settings = context.tryUse("settings")?.get();
  const source: TreeSource = {
    roots: () => sessions.manager.getTree(),
    leafId: () => sessions.manager.getLeafId(),
    activeIds: () => new Set(sessions.manager.getBranch().map((entry) => entry.id)),
  };
  let filter: TreeFilter = settings?.treeFilterMode ?? "default";
  for (;;) {
    let selector: TreeSelector | undefined;
    const targetId = await ui.openComponent<string | undefined>((finish) => {
      selector = new TreeSelector(
        {
          source,
          filter,
          height: Math.floor(tui.terminal.rows / 2),
          keys: ui.keys,
          onSelect: (id) => finish(id),
          onCancel: () => finish(undefined),
          onCopy: (id) => void copyEntry(host, entryCopyText(sessions.manager.getEntry(id))),
          onLabel: (id, label) => {
            sessions.manager.setLabel(id, label);
            selector?.reload(id);
          },
        },
        ui.theme,
      );
      if (selected) selector.reload(selected);
      return selector;
    }, undefined);
    filter = selector?.activeFilter ?? filter;
    if (!targetId) return undefined;
    selected = targetId;
    if (targetId === sessions.manager.getLeafId()) {
      host.chat.notify("status", "Already at this point");
      return undefined;
    }
    if (settings?.branchSummary.skipPrompt) return { targetId, summarize: false };
    const choice = await ui.select("Summarize branch?", [NO_SUMMARY, SUMMARIZE, CUSTOM]);
    if (choice === NO_SUMMARY) return { targetId, summarize: false };
    if (choice === SUMMARIZE) return { targetId, summarize: true };
    if (choice === CUSTOM) {
      const instructions = await ui.editor("Custom summarization instructions");
      if (instructions !== undefined) return { targetId, summarize: true, customInstructions: instructions.trim() || undefined };
    }
    // escape in a prompt goes back to the tree
  }
}

/** the tree's copy key, as pi 1.6.0 answers it */
async function copyEntry({ chat, ui }: CommandHost, text: string | undefined): Promise<void> {
  if (!text) return chat.notify("error", "Selected entry has no text to copy");
  try {
    await copyToClipboard(text, (sequence) => ui.writeToTerminal(sequence));
    chat.notify("status", "Copied selected message to clipboard");
  } catch (error) {
    chat.notify("error", error instanceof Error ? error.message : String(error));
  }
}

/** false when the summary was cancelled: the tree opens again */
async function navigate(host: CommandHost, destination: Destination): Promise<boolean> {
  const { context, chat, ui, editor, session } = host;
  const abort = new AbortController();
  const escape = editor.actionHandlers().get("app.interrupt");
  if (destination.summarize) {
    chat.addItem(new Spacer(1));
    chat.status.show(`Summarizing branch... (${keysOf(ui.keys, "app.interrupt")} to cancel)`, "plain");
    editor.onAction("app.interrupt", () => abort.abort());
  }
  try {
    const result = await context.use("sessionControl").navigateTree(destination.targetId, {
      summarize: destination.summarize,
      customInstructions: destination.customInstructions,
      signal: abort.signal,
    });
    if (result.aborted) {
      chat.notify("status", "Branch summarization cancelled");
      return false;
    }
    if (result.cancelled) chat.notify("status", "Navigation cancelled");
    else {
      chat.clear();
      chat.showHistory(sessionHistory(context, session));
      const compacted = compactedNote(context);
      if (compacted) chat.notify("status", compacted);
      if (result.editorText !== undefined && editor.getText().trim() === "") editor.setText(result.editorText);
      chat.notify("status", "Navigated to selected point");
    }
  } catch (error) {
    chat.notify("error", error instanceof Error ? error.message : String(error));
  } finally {
    if (destination.summarize) {
      chat.status.hide();
      if (escape) editor.onAction("app.interrupt", escape);
    }
  }
  return true;
}
