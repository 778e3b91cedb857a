// /trust: saves a project-trust decision (trust.json) for later runs, as pi 1.6.0 does. This run keeps the
// decision it started with: resources are loaded or skipped once, at start-up.
import { ChoiceList } from "../components/choice-list.js";
import type { CommandHost } from "./command-host.js";

export async function trustCommand(_args: string, host: CommandHost): Promise<void> {
  const { context, chat, ui } = host;
  const trust = context.tryUse("projectTrust");
  if (!trust) return chat.notify("error", "Project trust is not available in this session.");
  const cwd = trust.state.cwd;
  const saved = await trust.saved();
  const choices = trust.choices();
  /** the choice whose first saved folder and decision are the ones trust.json holds now */
  const isSaved = (index: number) => {
    const first = choices[index]!.updates[0];
    return saved !== undefined && !saved.legacy && first !== undefined && first.path === saved.path && choices[index]!.trusted === saved.trusted;
  };
  const savedIndex = choices.findIndex((_choice, index) => isSaved(index));
  const savedText = saved ? `${saved.trusted ? "trusted" : "untrusted"} (${saved.path === cwd ? saved.path : `inherited from ${saved.path}`})` : "none";
  const chosen = await ui.openComponent<number | undefined>(
    (finish) =>
      new ChoiceList(
        {
          title: "Project trust",
          details: [cwd, "", `Saved decision: ${savedText}`, `Current session: ${trust.trusted ? "trusted" : "untrusted"}`],
          items: choices.map((choice, index) => ({ value: String(index), label: `${isSaved(index) ? "✓ " : "  "}${choice.label}` })),
          selected: savedIndex >= 0 ? String(savedIndex) : undefined,
          hint: "↑↓ navigate · enter save · escape cancel",
          onSelect: (item) => finish(Number(item.value)),
          onCancel: () => finish(undefined),
        },
        ui.theme,
      ),
    undefined,
  );
  if (chosen === undefined) return;
  const choice = choices[chosen]!;
  await trust.record(choice);
  chat.notify("status", `Saved trust decision: ${choice.trusted ? "trusted" : "untrusted"}. Restart pith for this to take effect.`);
}
