// pi's models-store.json beside auth.json: the catalogues dynamic providers keep through `refreshModels`'
// `publish({ persist })`, by provider id, handed back as `context.stored` on the next refresh (so a catalogue
// fetched once is there when offline). Changed under the file's lock and written whole, as pi writes it.
import { mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { PithError, errorMessage } from "../../../kernel/index.js";
import { replaceFile } from "../../../lib/fs/replace-file.js";
import { withFileLock } from "../../../lib/lock/file-lock.js";

export type StoredCatalogue = Record<string, unknown>;

export function modelsStorePath(agentDir: string): string {
  return join(agentDir, "models-store.json");
}

async function readAll(path: string): Promise<Record<string, StoredCatalogue>> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text.replace(/^\uFEFF/, "") || "{}");
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, StoredCatalogue>;
  } catch (error) {
    throw new PithError("MODELS_STORE_INVALID", `${path} is not valid JSON (${errorMessage(error)}); delete it, and dynamic providers fetch their catalogues again.`);
  }
  throw new PithError("MODELS_STORE_INVALID", `${path} must hold an object {"<provider>": {"models": [...]}}; delete it, and dynamic providers fetch their catalogues again.`);
}

/** The provider's stored catalogue, if any (a copy: the provider may not change the store through it). */
export async function readStoredCatalogue(path: string, provider: string): Promise<StoredCatalogue | undefined> {
  const entry = (await readAll(path))[provider];
  return typeof entry === "object" && entry !== null ? structuredClone(entry) : undefined;
}

/** Replaces the provider's entry (`null` deletes it), other providers' entries kept. */
export async function writeStoredCatalogue(path: string, provider: string, entry: StoredCatalogue | null, signal: AbortSignal): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await withFileLock(
    path,
    async () => {
      const entries = await readAll(path);
      if (entry === null) delete entries[provider];
      else entries[provider] = structuredClone(entry);
      await replaceFile(path, JSON.stringify(entries, null, 2), { mode: 0o600 });
    },
    { signal },
  );
}
