// The `pith config` selector as pi 1.6.0 frames it: between two rules, a header (the view's title with its keys on
// the right, and the settings file it writes under it), then the list. A write that fails (a settings file that is
// not valid JSON) is shown under the header in the error colour and changes no row.
import { Spacer, truncateToWidth, visibleWidth, wrapTextWithAnsi, type Component, type KeybindingsManager } from "@earendil-works/pi-tui";
import type { SettingsScope } from "../../../settings/index.js";
import { Framed } from "../../../interactive/components/framed.js";
import { Rule } from "../../../interactive/components/ruled.js";
import { keyHints } from "../../../interactive/extensions/key-hints.js";
import type { Theme } from "../../../interactive/theme/theme.js";
import type { ConfigViews } from "./config-groups.js";
import type { ProjectOverrides } from "./project-overrides.js";
import { ResourceList, type ResourceListActions } from "./resource-list.js";

export interface ConfigSelectorOptions {
  views: ConfigViews;
  overrides: ProjectOverrides;
  view: SettingsScope;
  /** Tab switches to the project view only in a trusted project */
  projectAvailable: boolean;
  /** the global settings file as the header names it */
  globalFile: string;
  terminalRows: number;
  actions: Omit<ResourceListActions, "switchView">;
}

class Header implements Component {
  problem: string | undefined;

  constructor(
    private readonly theme: Theme,
    private readonly keys: KeybindingsManager,
    private readonly options: ConfigSelectorOptions,
    public view: SettingsScope,
  ) {}

  invalidate(): void {}

  render(width: number): string[] {
    const { theme } = this;
    const hints = keyHints(this.keys, () => theme);
    const raw = (key: string, description: string) => theme.fg("dim", key) + theme.fg("muted", ` ${description}`);
    const separator = theme.fg("muted", " · ");
    const project = this.view === "project";
    const title = theme.bold(project ? "Project Local Resources" : "Global Resources");
    const hint = [
      ...(this.options.projectAvailable ? [hints.keyHint("tui.input.tab", "switch mode")] : []),
      raw("space", project ? "cycle inherit/+/-" : "toggle"),
      raw("esc", "close"),
    ].join(separator);
    const spacing = " ".repeat(Math.max(1, width - visibleWidth(title) - visibleWidth(hint)));
    const file = project ? ".pi/settings.json · inherited global resources are dimmed" : this.options.globalFile;
    const lines = [truncateToWidth(`${title}${spacing}${hint}`, width, ""), truncateToWidth(theme.fg("muted", file), width, "")];
    if (this.problem) lines.push(...wrapTextWithAnsi(theme.fg("error", this.problem), width));
    return lines;
  }
}

export class ConfigSelector extends Framed {
  private readonly list: ResourceList;

  constructor(options: ConfigSelectorOptions, theme: Theme, keys: KeybindingsManager) {
    const header = new Header(theme, keys, options, options.view);
    const actions: ResourceListActions = {
      ...options.actions,
      toggle: async (item, view) => {
        try {
          const enabled = await options.actions.toggle(item, view);
          header.problem = undefined;
          return enabled;
        } catch (error) {
          header.problem = error instanceof Error ? error.message : String(error);
          options.actions.changed();
          return undefined;
        }
      },
      switchView: options.projectAvailable
        ? () => {
            header.view = header.view === "global" ? "project" : "global";
            header.problem = undefined;
            list.setView(header.view);
            options.actions.changed();
          }
        : undefined,
    };
    const list = new ResourceList(options.views, options.overrides, theme, actions, options.view, options.terminalRows);
    super(list);
    this.list = list;
    const rule = () => new Rule(() => theme);
    for (const child of [new Spacer(1), rule(), new Spacer(1), header, new Spacer(1), list, new Spacer(1), rule()]) this.addChild(child);
  }

  /** resolves once every switch asked for so far is written */
  settled(): Promise<void> {
    return this.list.settled();
  }
}
