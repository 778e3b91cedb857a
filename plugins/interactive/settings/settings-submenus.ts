// The /settings rows that open a menu of their own, as in pi 1.6.0: "Warnings" (a toggle per warning) and
// "Default thinking level per model" (a model, then its level or "(clear override)", written to
// `modelThinkingLevels`; the model list comes back after each choice, escape leaves it).
import { Container, SettingsList, type Component, type Focusable, type SelectItem } from "@earendil-works/pi-tui";
import type { Model, ThinkingLevel } from "../../../kernel/index.js";
import { supportedThinkingLevels } from "../../../lib/provider-kit/thinking-levels.js";
import type { CommandHost } from "../commands/command-host.js";
import { SearchList } from "../components/search-list.js";
import { LEVEL_DESCRIPTIONS } from "./thinking-descriptions.js";

const CLEAR_OVERRIDE = "__clear__";

/** "Warnings": each warning on or off, saved at once */
export function warningsMenu(host: CommandHost, done: (value?: string) => void): Component {
  const { context, ui, chat } = host;
  const settings = context.use("settings");
  const items = [
    {
      id: "anthropicExtraUsage",
      label: "Anthropic extra usage",
      description: "Warn when Anthropic subscription auth may use paid extra usage",
      currentValue: String(settings.get().warnings.anthropicExtraUsage),
      values: ["true", "false"],
    },
  ];
  const save = (value: string) =>
    settings.set("warnings.anthropicExtraUsage", value === "true", "global").catch((error: unknown) => chat.notify("error", error instanceof Error ? error.message : String(error)));
  return new SettingsList(items, items.length, ui.theme.settingsList(), (_id, value) => void save(value), () => done());
}

/** what the per-model row shows: how many models have their own level */
export function modelThinkingSummary(levels: Readonly<Record<string, string>> | undefined): string {
  const count = Object.keys(levels ?? {}).length;
  return count === 0 ? "none" : `${count} configured`;
}

const modelKey = (model: Model) => `${model.provider}/${model.id}`;

/** "Default thinking level per model": the models (the current one first), then the chosen one's levels */
export class ModelThinkingMenu extends Container implements Focusable {
  private step: SearchList | undefined;
  private isFocused = false;
  private lastModel: string | undefined;

  constructor(
    private readonly host: CommandHost,
    private readonly done: (value?: string) => void,
  ) {
    super();
    this.showModels();
  }

  get focused(): boolean {
    return this.isFocused;
  }

  set focused(value: boolean) {
    this.isFocused = value;
    if (this.step) this.step.focused = value;
  }

  handleInput(data: string): void {
    this.step?.handleInput(data);
  }

  private levels(): Record<string, ThinkingLevel> {
    return { ...(this.host.context.use("settings").get().modelThinkingLevels ?? {}) };
  }

  private show(step: SearchList): void {
    this.step = step;
    step.focused = this.isFocused;
    this.clear();
    this.addChild(step);
    this.host.ui.requestRender();
  }

  private showModels(): void {
    const { context, session, ui } = this.host;
    const current = session.model ? modelKey(session.model) : undefined;
    const models = [...(context.tryUse("models")?.availableModels() ?? [])].sort((a, b) =>
      modelKey(a) === current ? -1 : modelKey(b) === current ? 1 : a.provider.localeCompare(b.provider),
    );
    const levels = this.levels();
    const items: SelectItem[] = models.map((model) => ({ value: modelKey(model), label: `${model.id} [${model.provider}]`, description: levels[modelKey(model)] }));
    if (items.length === 0) items.push({ value: "", label: "No models available", description: "Log in to a provider or configure an API key first" });
    this.show(
      new SearchList(
        {
          title: "Per-Model Thinking Level",
          items,
          selected: this.lastModel ?? current,
          hint: "Select a model to configure · type to search · escape to go back",
          onSelect: (item) => {
            const model = models.find((candidate) => modelKey(candidate) === item.value);
            if (model) this.showLevels(model);
          },
          onCancel: () => this.done(modelThinkingSummary(this.levels())),
        },
        ui.theme,
      ),
    );
  }

  private showLevels(model: Model): void {
    const key = modelKey(model);
    this.lastModel = key;
    const active = this.levels()[key];
    const global = this.host.context.use("settings").get().defaultThinkingLevel ?? "medium";
    const items: SelectItem[] = supportedThinkingLevels(model).map((level) => ({
      value: level,
      label: `${level === active ? "✓ " : "  "}${level}`,
      description: LEVEL_DESCRIPTIONS[level],
    }));
    if (active !== undefined) items.push({ value: CLEAR_OVERRIDE, label: "  (clear override)", description: `Revert to global default (${global})` });
    this.show(
      new SearchList(
        {
          title: `Thinking Level for ${model.id} [${model.provider}]`,
          items,
          selected: active,
          maxVisible: items.length,
          hint: "Select default thinking level for this model · escape to go back",
          onSelect: (item) => void this.save(key, item.value),
          onCancel: () => this.showModels(),
        },
        this.host.ui.theme,
      ),
    );
  }

  private async save(key: string, value: string): Promise<void> {
    const levels = this.levels();
    if (value === CLEAR_OVERRIDE) delete levels[key];
    else levels[key] = value as ThinkingLevel;
    try {
      await this.host.context.use("settings").set("modelThinkingLevels", levels, "global");
    } catch (error) {
      this.host.chat.notify("error", error instanceof Error ? error.message : String(error));
    }
    this.showModels();
  }
}
