// Hot reload, as pi does it: only the theme in use, and only when it is the agent folder's `themes/<name>.json`.
// Changes are debounced (editors write in several steps); a file that no longer loads keeps the old colours and
// says why.
import { watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import type { ThemeCatalog } from "./theme-catalog.js";
import type { Theme } from "./theme.js";

const DEBOUNCE_MS = 100;

export interface ThemeWatchTarget {
  readonly theme: Theme;
  setTheme(name: string): { success: boolean; error?: string };
}

export function watchActiveTheme(catalog: ThemeCatalog, target: ThemeWatchTarget, onProblem: (message: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher;
  try {
    watcher = watch(catalog.userFolder, (_event, file) => {
      if (!file?.endsWith(".json")) return;
      clearTimeout(timer);
      timer = setTimeout(() => reload(file), DEBOUNCE_MS);
    });
  } catch {
    // no theme folder: nothing to watch
    return () => {};
  }
  watcher.on("error", () => watcher.close());
  const reload = (file: string) => {
    const { name, path } = target.theme;
    if (path !== join(catalog.userFolder, file) || file !== `${name}.json`) return;
    try {
      catalog.reread(name);
    } catch (error) {
      return onProblem(error instanceof Error ? error.message : String(error));
    }
    target.setTheme(name);
  };
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
