// /tree (and a double escape on an empty editor): moves the session to another entry of its tree, as pi does.
// Choosing an entry asks whether to summarise the branch being left (unless `branchSummary.skipPrompt`); the
// summary runs under a loader that escape cancels. A user message moves the leaf to its parent and comes back
// into the editor; any other entry becomes the leaf. The chat is then drawn again from the new branch.
import { CancellableLoader } from "@earendil-works/pi-tui";
import type { CommandHost } from "../commands/command-host.js";
import { TreeSelector, type TreeSource } from "./tree-selector.js";
import type { TreeFilter } from "./tree-rows.js";
import { sessionHistory } from "../chat/history.js";

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
  const destination = await chooseDestination(host);
  if (!destination) return;
  await navigate(host, destination);
}

async function chooseDestination(host: CommandHost): Promise<Destination | undefined> {
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
          onLabel: (id) =>
            void ui.editor("Label (empty to remove):", sessions.manager.getLabel(id)).then((label) => {
              if (label === undefined) return;
              sessions.manager.setLabel(id, label.trim() || undefined);
              selector?.reload(id);
              ui.requestRender();
            }),
        },
        ui.theme,
      );
      return selector;
    }, undefined);
    filter = selector?.activeFilter ?? filter;
    if (!targetId) return undefined;
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

async function navigate(host: CommandHost, destination: Destination): Promise<void> {
  const { context, chat, ui, tui, editor, session } = host;
  let loader: CancellableLoader | undefined;
  let restore = () => {};
  if (destination.summarize) {
    loader = new CancellableLoader(tui, ui.theme.paint("accent"), ui.theme.paint("muted"), "Summarizing branch... (escape to cancel)");
    restore = ui.replaceEditor(loader);
  }
  try {
    const result = await context.use("sessionControl").navigateTree(destination.targetId, {
      summarize: destination.summarize,
      customInstructions: destination.customInstructions,
      signal: loader?.signal,
    });
    if (result.aborted) return chat.notify("status", "Branch summarization cancelled");
    if (result.cancelled) return chat.notify("status", "Navigation cancelled");
    chat.clear();
    chat.showHistory(sessionHistory(context, session));
    if (result.editorText !== undefined && editor.getText().trim() === "") editor.setText(result.editorText);
    chat.notify("status", "Navigated to selected point");
  } catch (error) {
    chat.notify("error", error instanceof Error ? error.message : String(error));
  } finally {
    loader?.dispose();
    restore();
  }
}
