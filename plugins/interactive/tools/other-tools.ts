// Rows of tools without a renderer of their own, as pi 1.6.0 draws them: a registered tool (an extension's) with its
// arguments as `key=value` pairs and its output's first lines under the title; an MCP server's tool titled
// `server/tool`, its output cut to lines as drawn; a tool that is not registered (a name the model made up, a
// stored call of a tool not loaded now) with its arguments as JSON and all its output.
import { expandNote, replaceTabs, toolTitle, type ToolRenderer, type ToolView } from "./tool-view.js";

/** pi cuts the collapsed arguments line here */
const COLLAPSED_ARGS_CHARS = 100;
const OUTPUT_PREVIEW_LINES = 10;
const MCP_PREVIEW_LINES = 5;

/** the title, then the arguments: `key=value` pairs on its line, or expanded a `key: value` line each below it */
function titleWithArguments(view: ToolView, title: string): string {
  const header = toolTitle(view, title);
  const entries = Object.entries(view.args);
  if (entries.length === 0) return header;
  if (view.expanded) {
    const lines = entries.map(([key, value]) => {
      const text = typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? String(value));
      return `  ${key}: ${replaceTabs(text).replace(/\r/g, "").split("\n").join("\n    ")}`;
    });
    return `${header}\n${view.theme.fg("muted", lines.join("\n"))}`;
  }
  const pairs = entries.map(([key, value]) => `${key}=${JSON.stringify(value) ?? String(value)}`).join(" ");
  return `${header} ${view.theme.fg("muted", pairs.length > COLLAPSED_ARGS_CHARS ? `${pairs.slice(0, COLLAPSED_ARGS_CHARS - 3)}...` : pairs)}`;
}

export function registeredToolRenderer(name: string): ToolRenderer {
  return {
    title: (view) => titleWithArguments(view, name),
    body(view) {
      if (!view.output) return [];
      const lines = view.output.split("\n");
      const shown = view.expanded ? lines : lines.slice(0, OUTPUT_PREVIEW_LINES);
      const body = shown.map((line) => view.theme.fg("toolOutput", line));
      if (shown.length < lines.length) body.push(expandNote(view, `${lines.length - shown.length} more lines`));
      return body;
    },
    tight: true,
  };
}

export function mcpToolRenderer(label: string): ToolRenderer {
  return {
    title: (view) => titleWithArguments(view, label),
    body(view) {
      const output = view.output?.trim();
      if (!output) return [];
      const colour = view.isError ? "error" : "toolOutput";
      const styled = replaceTabs(output)
        .split("\n")
        .map((line) => view.theme.fg(colour, line));
      if (view.expanded) return styled;
      const fullOutputPath = view.details?.fullOutputPath;
      return {
        cut: { text: styled.join("\n"), maxVisualLines: MCP_PREVIEW_LINES, keep: "start", hint: (hidden) => expandNote(view, `${hidden} more lines`) },
        after: typeof fullOutputPath === "string" && fullOutputPath ? [view.theme.fg("muted", `Full output: ${fullOutputPath}`)] : [],
      };
    },
  };
}

export function unknownToolRenderer(name: string): ToolRenderer {
  return {
    title: (view) => `${toolTitle(view, name)}\n\n${JSON.stringify(view.args, null, 2)}`,
    body: (view) => (view.output ? view.output.split("\n") : []),
    tight: true,
  };
}
