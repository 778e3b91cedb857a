// The project-trust question at start-up (pi 1.6.0): when the project has gated resources (`.pi/settings.json`,
// `.pi/extensions`, `.agents/skills`...), nothing decided (no -a/-na, no saved decision, no extension's
// `project_trust` answer) and `defaultProjectTrust` is "ask", the trust plugin asks through this before the session
// loads anything of the project. `startupTrustUI` is what those extensions' handlers ask with. The terminal is taken for the question; the answer's trust.json entries are saved
// by the trust plugin. Escape declines for this run, saving nothing.
import type { ProjectTrustUI, TrustPrompt } from "../../trust/index.js";
import { ChoiceList } from "../components/choice-list.js";
import type { InteractiveUi } from "../ui-service/ui-service.js";

export function startupTrustPrompt(ui: InteractiveUi, takeTerminal: () => Promise<void>): TrustPrompt {
  return async ({ title, choices }) => {
    await takeTerminal();
    ui.focusEditor();
    const [heading = "Trust project folder?", ...details] = title.split("\n");
    const chosen = await ui.openComponent<number | undefined>(
      (finish) =>
        new ChoiceList(
          {
            title: heading,
            details,
            items: choices.map((choice, index) => ({ value: String(index), label: choice.label })),
            hint: "↑↓ navigate · enter choose · escape do not trust (this session only)",
            onSelect: (item) => finish(Number(item.value)),
            onCancel: () => finish(undefined),
          },
          ui.theme,
        ),
      undefined,
    );
    return chosen === undefined ? undefined : choices[chosen];
  };
}

/**
 * The dialogs an extension's `project_trust` handler asks with at start-up, before the session exists (pi's
 * start-up selector): each takes the terminal first. Its notes go to the chat, shown once it is drawn.
 */
export function startupTrustUI(ui: InteractiveUi, takeTerminal: () => Promise<void>): ProjectTrustUI {
  const shown = async () => {
    await takeTerminal();
    ui.focusEditor();
  };
  return {
    select: async (title, options) => (await shown(), ui.select(title, options)),
    confirm: async (title, message) => (await shown(), ui.confirm(title, message)),
    input: async (title, placeholder) => (await shown(), ui.input(title, placeholder)),
    notify: (message, type) => ui.notify(message, type),
  };
}
