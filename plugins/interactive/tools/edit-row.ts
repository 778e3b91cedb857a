// The edit tool's row. As pi 1.6.0 draws it, it shows the edit's diff before the call runs, read from the file once
// the arguments are complete: an extension may be asking whether to allow the edit meanwhile.
import { renderDiff } from "../../../lib/ui/render-diff.js";
import { previewEdit, type EditPreview } from "../../tools/files/edit.js";
import { toolPath } from "./file-lines.js";
import { errorOutput, toolTitle, type ToolRenderer, type ToolView } from "./tool-view.js";

/**
 * As pi 1.6.0: once the call's arguments are complete its diff is read from the file and shown while the call waits
 * (an extension may be asking whether to allow it), the box green for a diff and red for an edit that would fail;
 * the result's diff takes its place. A failure other than the one foreseen goes under the box.
 */
export const edit: ToolRenderer = {
  title: (view) => `${toolTitle(view, "edit")} ${toolPath(view)}`,
  preview: (args, cwd) => previewEdit(cwd, args),
  background(view) {
    const shown = shownEdit(view);
    if (shown) return "error" in shown ? "toolErrorBg" : "toolSuccessBg";
    return !view.running && view.isError ? "toolErrorBg" : "toolPendingBg";
  },
  body(view) {
    const shown = shownEdit(view);
    if (!shown) return [];
    return "error" in shown ? errorOutput(view, shown.error.split("\n")) : renderDiff(shown.diff, view.theme).split("\n");
  },
  outside(view) {
    if (view.running || !view.isError || !view.output) return [];
    const foreseen = shownEdit(view);
    return foreseen && "error" in foreseen && foreseen.error === view.output ? [] : errorOutput(view, view.output.split("\n"));
  },
};

/** what the edit's box shows: the result's diff once it succeeded, else the preview's diff or foreseen failure */
function shownEdit(view: ToolView): EditPreview | undefined {
  const diff = !view.running && !view.isError && typeof view.details?.diff === "string" ? view.details.diff : undefined;
  return diff !== undefined ? { diff, firstChangedLine: undefined } : (view.preview as EditPreview | undefined);
}
