// The themes pi's resource loader offers: each JSON theme file of the given folders and files, checked by the
// interactive UI's own theme reader; of two with one name the first is kept (a collision diagnostic).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { errorMessage } from "../../../../kernel/index.js";
import type { ResourceDiagnostic } from "../../../../lib/resources/diagnostics/diagnostics.js";
import { readThemeFile } from "../../../interactive/theme/theme-file.js";

/** A theme as pi's loader lists it: its name, its file, and where it came from. */
export interface LoadedTheme {
  name: string;
  sourcePath: string;
  sourceInfo?: object;
}

export function loadThemes(paths: readonly string[]): { themes: LoadedTheme[]; diagnostics: ResourceDiagnostic[] } {
  const themes: LoadedTheme[] = [];
  const diagnostics: ResourceDiagnostic[] = [];
  const warn = (path: string, message: string) => diagnostics.push({ type: "warning", message, path });
  const read = (path: string) => {
    try {
      themes.push({ name: readThemeFile(path).name, sourcePath: path });
    } catch (error) {
      warn(path, errorMessage(error));
    }
  };
  for (const path of paths) {
    if (!existsSync(path)) {
      warn(path, "theme path does not exist");
      continue;
    }
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name.endsWith(".json") && isFile(join(path, name))) read(join(path, name));
    } else if (path.endsWith(".json")) read(path);
    else warn(path, "theme path is not a json file");
  }
  const kept = new Map<string, LoadedTheme>();
  for (const theme of themes) {
    const winner = kept.get(theme.name);
    if (!winner) kept.set(theme.name, theme);
    else {
      diagnostics.push({
        type: "collision",
        message: `name "${theme.name}" collision`,
        path: theme.sourcePath,
        collision: { resourceType: "theme", name: theme.name, winnerPath: winner.sourcePath, loserPath: theme.sourcePath },
      });
    }
  }
  return { themes: [...kept.values()], diagnostics };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
