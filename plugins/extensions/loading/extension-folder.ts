// Extension files inside folders, as pi finds them: direct `*.ts`/`*.js` files, and one level of
// subfolders, each resolved through `package.json` `pi.extensions` (existing paths only), else `index.ts`,
// else `index.js`. Dotfiles and `node_modules` are skipped.
import { readdir, readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";

const EXTENSION_FILE = /\.(ts|js)$/;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** `pi.extensions` of the folder's package.json, keeping the paths that exist; undefined without that key. */
async function manifestEntries(dir: string): Promise<string[] | undefined> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
  } catch {
    return undefined;
  }
  const entries = (manifest as { pi?: { extensions?: unknown } } | null)?.pi?.extensions;
  if (!Array.isArray(entries)) return undefined;
  const files: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== "string") continue;
    const path = resolve(dir, entry);
    if (await isFile(path)) files.push(path);
  }
  return files;
}

/** The entry files a folder declares for itself (manifest or index), or undefined when it declares none. */
export async function folderEntries(dir: string): Promise<string[] | undefined> {
  const declared = await manifestEntries(dir);
  if (declared) return declared;
  for (const index of ["index.ts", "index.js"]) {
    if (await isFile(join(dir, index))) return [join(dir, index)];
  }
  return undefined;
}

/** Every extension in an `extensions/` folder (one level); a missing folder has none. */
export async function extensionsInFolder(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    const kind = entry.isSymbolicLink() ? await stat(path).catch(() => undefined) : entry;
    if (!kind) continue;
    if (kind.isFile() && EXTENSION_FILE.test(entry.name)) files.push(path);
    else if (kind.isDirectory()) files.push(...((await folderEntries(path)) ?? []));
  }
  return files;
}

/**
 * What a path given by `-e` or a settings entry names: a file is itself; a folder with a manifest or an index
 * is that entry alone; any other folder is searched like an `extensions/` folder.
 */
export async function extensionsAtPath(path: string): Promise<{ files: string[]; problem?: string }> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { files: [], problem: code === "ENOENT" ? "does not exist" : `cannot be read (${code ?? "unknown error"})` };
  }
  if (info.isFile()) return { files: [path] };
  if (!info.isDirectory()) return { files: [], problem: "is neither a file nor a folder" };
  const files = (await folderEntries(path)) ?? (await extensionsInFolder(path));
  return files.length > 0 ? { files } : { files, problem: "is a folder without extensions" };
}
