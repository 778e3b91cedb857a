// /thinking [level]: a level the current model supports, for this session; without an argument a selector, where
// enter chooses for the session and the save key (ctrl+s) also makes it the default of later sessions
// (`defaultThinkingLevel`), as pi 1.6.0 does.
import { type ThinkingLevel } from "../../../kernel/index.js";
import { supportedThinkingLevels } from "../../../lib/provider-kit/thinking-levels.js";
import { SearchList } from "../components/search-list.js";
import { LEVEL_DESCRIPTIONS } from "../settings/thinking-descriptions.js";
import { keysOf } from "../keys/key-bindings.js";
import type { CommandHost } from "./command-host.js";

export async function thinkingCommand(args: string, host: CommandHost): Promise<void> {
  const { session, chat } = host;
  const levels = supportedThinkingLevels(session.model);
  const term = args.trim().toLowerCase();
  if (term) {
    const level = levels.find((candidate) => candidate === term);
    if (!level) return chat.notify("error", `Unknown thinking level "${args.trim()}". Available levels: ${levels.join(", ")}.`);
    return applyLevel(host, level, false);
  }
  const picked = await pickLevel(host, levels);
  if (picked) await applyLevel(host, picked.level, picked.asDefault);
}

async function applyLevel(host: CommandHost, level: ThinkingLevel, asDefault: boolean): Promise<void> {
  await host.session.setThinkingLevel(level);
  if (asDefault) await host.context.use("settings").set("defaultThinkingLevel", level, "global");
  host.chat.notify("status", asDefault ? `Default thinking level: ${level}` : `Thinking level: ${level}`);
}

function pickLevel(host: CommandHost, levels: readonly ThinkingLevel[]): Promise<{ level: ThinkingLevel; asDefault: boolean } | undefined> {
  const { ui, session, context } = host;
  const current = session.thinkingLevel;
  const saved = context.use("settings").get().defaultThinkingLevel ?? "medium";
  const saveKey = keysOf(ui.keys, "app.thinking.save");
  return ui.openComponent<{ level: ThinkingLevel; asDefault: boolean } | undefined>(
    (finish) =>
      new SearchList(
        {
          title: "Thinking Level",
          items: levels.map((level) => ({
            value: level,
            label: `${level === current ? "✓ " : "  "}${level}`,
            description: level === saved ? `${LEVEL_DESCRIPTIONS[level]} · default` : LEVEL_DESCRIPTIONS[level],
          })),
          searchText: (item) => `${item.value} ${item.description ?? ""}`,
          selected: current,
          maxVisible: levels.length,
          hint: `enter to select · ${saveKey} to set as default · escape to cancel`,
          onKey(data, item) {
            if (!item || !ui.keys.matches(data, "app.thinking.save")) return false;
            finish({ level: item.value as ThinkingLevel, asDefault: true });
            return true;
          },
          onSelect: (item) => finish({ level: item.value as ThinkingLevel, asDefault: false }),
          onCancel: () => finish(undefined),
        },
        ui.theme,
      ),
    undefined,
  );
}
