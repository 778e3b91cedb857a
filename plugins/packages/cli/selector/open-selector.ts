// `pith config` at a terminal: the selector on the normal screen, in the settings' theme and key bindings, until
// escape or ctrl+c. Each switch is written at once, through the same edits `pith config enable|disable` makes for
// the global view (config-resources.ts) and pi's project overrides for the project view (project-overrides.ts).
// Imported only for this, so other commands never load pi-tui's screen.
import { join } from "node:path";
import { ProcessTerminal, TuiMainScreen } from "@earendil-works/pi-tui";
import type { SettingsScope } from "../../../settings/index.js";
import { homePath } from "../../../interactive/components/home-path.js";
import { loadKeybindings } from "../../../interactive/keys/key-bindings.js";
import { colorFgBgAppearance, themeFor } from "../../../interactive/theme/initial-theme.js";
import { ThemeCatalog } from "../../../interactive/theme/theme-catalog.js";
import { Theme, detectColorDepth } from "../../../interactive/theme/theme.js";
import { switchAutoResources, switchPackageResources } from "../config-resources.js";
import { configuredPackages } from "../../sources/configured.js";
import type { PackageManagerContext } from "../../package-manager.js";
import { PithError } from "../../../../kernel/index.js";
import { configViews, type ConfigItem } from "./config-groups.js";
import { ConfigSelector } from "./config-selector.js";
import { ProjectOverrides } from "./project-overrides.js";

function settingsTheme(context: PackageManagerContext): Theme {
  const catalog = new ThemeCatalog({ agentDir: context.agentDir, cwd: context.cwd, projectTrusted: context.settings.isProjectTrusted(), paths: [], discover: true });
  const env = context.env ?? process.env;
  const found = catalog.get(themeFor(context.settings.get().theme, colorFgBgAppearance(env) ?? "dark")) ?? catalog.get("dark")!;
  return new Theme(found.name, found.palette, detectColorDepth(env), found.path);
}

/** The global view's switch: the row's enabled state flipped in the user's settings. */
async function toggleGlobal(item: ConfigItem, context: PackageManagerContext): Promise<boolean> {
  const enabled = !item.enabled;
  if (!item.pkg) {
    await switchAutoResources("global", [item], enabled, context);
    return enabled;
  }
  // the entry as the settings hold it now: an earlier switch replaced the one the row was made from
  const pkg = configuredPackages(context.settings, context, { dedupe: false }).packages.find((candidate) => candidate.scope === "global" && candidate.identity === item.pkg!.identity);
  if (!pkg) throw new PithError("SETTINGS_CHANGED", `${item.pkg.source} is no longer in the global settings; run \`pith config\` again.`);
  await switchPackageResources(pkg, [item], enabled, context);
  return enabled;
}

/** Runs the selector until the user leaves it. */
export async function openConfigSelector(context: PackageManagerContext, view: SettingsScope): Promise<void> {
  const views = await configViews(context);
  const userItems = views.global.flatMap((group) => group.kinds.flatMap(({ items }) => items));
  const overrides = new ProjectOverrides(context, userItems);
  const theme = settingsTheme(context);
  const { manager: keys } = loadKeybindings(context.agentDir);
  const settings = context.settings.get();
  const tui = new TuiMainScreen(new ProcessTerminal(), settings.showHardwareCursor);
  tui.setClearOnShrink(settings.terminal.clearOnShrink);
  await new Promise<void>((resolve) => {
    const leave = () => void selector.settled().then(() => {
      tui.stop();
      resolve();
    });
    const selector = new ConfigSelector(
      {
        views,
        overrides,
        view,
        projectAvailable: context.settings.isProjectTrusted(),
        globalFile: homePath(join(context.agentDir, "settings.json"), context.homeDir),
        terminalRows: tui.terminal.rows,
        actions: {
          async toggle(item, inView) {
            if (inView === "global") return toggleGlobal(item, context);
            const state = overrides.next(item);
            if (!(await overrides.write(item, state))) return undefined;
            return state === "inherit" ? overrides.inheritedEnabled(item) : state === "load";
          },
          close: leave,
          exit: leave,
          changed: () => tui.requestRender(),
        },
      },
      theme,
      keys,
    );
    tui.addChild(selector);
    tui.setFocus(selector);
    tui.start();
  });
}
