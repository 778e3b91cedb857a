// Which loaded extensions a crash's stack passes through, and the hint that names them: the user can disable them
// (`pith config`) or start without extensions (`pith -ne`) to see whether they are to blame.
import type { LoadedExtension } from "../../extensions/index.js";

/** the extensions (package source, else file) with a frame in `stack`, each once, in load order */
export function extensionsInStack(stack: string | undefined, extensions: readonly LoadedExtension[]): string[] {
  if (!stack) return [];
  const frames = stack
    .split("\n")
    .filter((line) => /^\s+at\s/.test(line))
    .map((line) => {
      try {
        return decodeURI(line);
      } catch {
        return line;
      }
    })
    .join("\n")
    .replace(/\\/g, "/");
  const found = new Set<string>();
  for (const extension of extensions) {
    const { sourceInfo } = extension;
    const file = extension.path.replace(/\\/g, "/");
    const packageRoot = sourceInfo.origin === "package" && sourceInfo.baseDir && !/\.[cm]?[jt]s$/.test(sourceInfo.source) ? sourceInfo.baseDir : undefined;
    const folder = packageRoot ?? (/\/index\.[cm]?[jt]s$/.test(file) ? file.slice(0, file.lastIndexOf("/")) : undefined);
    const matched = folder ? frames.includes(`${folder.replace(/\\/g, "/").replace(/\/+$/, "")}/`) : containsFile(frames, file);
    if (matched) found.add(sourceInfo.origin === "package" && sourceInfo.source ? sourceInfo.source : extension.path);
  }
  return [...found];
}

/** the file itself, not a longer name that starts with it */
function containsFile(frames: string, file: string): boolean {
  for (let at = frames.indexOf(file); at !== -1; at = frames.indexOf(file, at + file.length)) {
    const next = frames[at + file.length];
    if (next === undefined || next === ":" || next === ")" || /\s/.test(next)) return true;
  }
  return false;
}

export function crashExtensionHint(matches: readonly string[]): string | undefined {
  if (matches.length === 0) return undefined;
  const quoted = matches.map((match) => `\`${match}\``);
  const names = quoted.length <= 2 ? quoted.join(" and ") : `${quoted.slice(0, -1).join(", ")}, and ${quoted.at(-1)}`;
  const one = matches.length === 1;
  return `A stack frame came from loaded ${one ? "extension" : "extensions"} ${names}, which may be involved. Try disabling ${one ? "it" : "them"} with \`pith config\`, or run \`pith -ne\` to confirm.`;
}
