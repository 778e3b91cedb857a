// The themes a run can use: "system" (built from the terminal's colours, system-palette.ts), the built-in dark and light, theme files of the agent folder (`themes/`), of a
// trusted project (`.pi/themes/`), and `--theme` files or folders. Later sources cannot take a name already
// taken; every file that does not load is reported, and the rest still load.
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { BUILTIN_PALETTES, type Palette } from "./tokens.js";
import { readThemeFile } from "./theme-file.js";
import { SYSTEM_THEME_NAME, systemPalette } from "./system-palette.js";

export interface ThemeSources {
  agentDir: string;
  cwd: string;
  projectTrusted: boolean;
  /** `--theme` paths (files or folders), loaded even with `discover` false */
  paths: readonly string[];
  /** theme files of the settings' packages, discovered like the agent folder's */
  packageFiles?: readonly string[];
  /** false: `--no-themes` */
  discover: boolean;
}

export interface CatalogTheme {
  name: string;
  palette: Palette;
  path?: string;
}

export class ThemeCatalog {
  private readonly themes = new Map<string, CatalogTheme>();
  readonly problems: string[] = [];

  constructor(private sources: ThemeSources) {
    this.load();
  }

  /** `/reload`: every file read again (the project's once trusted, the packages' of the settings now); "system" keeps its colours */
  reload(sources: ThemeSources): void {
    const system = this.themes.get(SYSTEM_THEME_NAME);
    this.sources = sources;
    this.themes.clear();
    this.problems.length = 0;
    this.load();
    if (system) this.themes.set(SYSTEM_THEME_NAME, system);
  }

  /** the agent folder's theme folder: the one hot reload watches */
  get userFolder(): string {
    return join(this.sources.agentDir, "themes");
  }

  list(): CatalogTheme[] {
    return [...this.themes.values()];
  }

  get(name: string): CatalogTheme | undefined {
    return this.themes.get(name);
  }

  /** the "system" theme takes the colours built from what the terminal reported */
  setSystemPalette(palette: Palette): void {
    this.themes.set(SYSTEM_THEME_NAME, { name: SYSTEM_THEME_NAME, palette });
  }

  /** reads one theme file again (hot reload); throws when it is no longer valid */
  reread(name: string): CatalogTheme {
    const current = this.themes.get(name);
    if (!current?.path) throw new Error(`Theme "${name}" has no file`);
    const file = readThemeFile(current.path);
    const theme = { name: current.name, palette: file.palette, path: current.path };
    this.themes.set(name, theme);
    return theme;
  }

  private load(): void {
    // until the terminal answers, "system" is its ANSI colours
    this.setSystemPalette(systemPalette({}, true));
    for (const [name, palette] of Object.entries(BUILTIN_PALETTES)) this.themes.set(name, { name, palette });
    const { agentDir, cwd, projectTrusted, paths, discover } = this.sources;
    if (discover) {
      this.addFolder(join(agentDir, "themes"), false);
      if (projectTrusted) this.addFolder(join(cwd, ".pi", "themes"), false);
      for (const file of this.sources.packageFiles ?? []) this.addFile(file);
    }
    for (const path of paths) {
      const full = resolve(cwd, path);
      let folder: boolean;
      try {
        folder = statSync(full).isDirectory();
      } catch {
        this.problems.push(`--theme ${path}: no such file or folder`);
        continue;
      }
      if (folder) this.addFolder(full, true);
      else this.addFile(full);
    }
  }

  private addFolder(folder: string, reportMissing: boolean): void {
    let names: string[];
    try {
      names = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();
    } catch {
      if (reportMissing) this.problems.push(`Theme folder ${folder} cannot be read`);
      return;
    }
    for (const name of names) this.addFile(join(folder, name));
  }

  private addFile(path: string): void {
    try {
      const file = readThemeFile(path);
      const taken = this.themes.get(file.name);
      if (taken) {
        this.problems.push(`Theme "${file.name}" of ${path} is skipped: ${taken.path ?? "a built-in theme"} has that name`);
        return;
      }
      this.themes.set(file.name, { name: file.name, palette: file.palette, path });
    } catch (error) {
      this.problems.push(error instanceof Error ? error.message : String(error));
    }
  }
}
