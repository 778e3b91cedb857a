// What the editor completes: `/` commands at the start (the built-ins, then what plugins, extensions, prompt
// templates and skills offer), `@` file mentions anywhere (fuzzy, over the project's files as `find` sees them:
// .gitignore honoured), and Tab paths (pi-tui's own completion).
import { CombinedAutocompleteProvider, fuzzyMatch, type AutocompleteItem, type AutocompleteProvider, type AutocompleteSuggestions, type SlashCommand } from "@earendil-works/pi-tui";
import { walk } from "../../tools/search/ignore-walk.js";

const MAX_FILES = 20_000;
const MAX_SHOWN = 20;
/** a listing is reused this long: typing `@src/a` then `@src/ab` must not walk the tree twice */
const LISTING_TTL_MS = 5_000;
const AT_TOKEN = /(?:^|[\s(])(@(?:"[^"]*|[^\s"]*))$/;

export class PithCompletion implements AutocompleteProvider {
  readonly triggerCharacters = ["@"];
  private listing: { at: number; entries: Promise<Entry[]> } | undefined;

  constructor(
    private readonly cwd: string,
    private readonly commands: () => SlashCommand[],
  ) {}

  async getSuggestions(lines: string[], cursorLine: number, cursorCol: number, options: { signal: AbortSignal; force?: boolean }): Promise<AutocompleteSuggestions | null> {
    const before = (lines[cursorLine] ?? "").slice(0, cursorCol);
    const mention = AT_TOKEN.exec(before)?.[1];
    if (mention !== undefined) return this.mentions(mention, options.signal);
    return this.base().getSuggestions(lines, cursorLine, cursorCol, options);
  }

  applyCompletion(lines: string[], cursorLine: number, cursorCol: number, item: AutocompleteItem, prefix: string) {
    return this.base().applyCompletion(lines, cursorLine, cursorCol, item, prefix);
  }

  shouldTriggerFileCompletion(lines: string[], cursorLine: number, cursorCol: number): boolean {
    return this.base().shouldTriggerFileCompletion(lines, cursorLine, cursorCol);
  }

  private base(): CombinedAutocompleteProvider {
    // rebuilt per call: the command list changes with /reload and extensions' registrations
    return new CombinedAutocompleteProvider(this.commands(), this.cwd, null);
  }

  private async mentions(prefix: string, signal: AbortSignal): Promise<AutocompleteSuggestions | null> {
    const query = prefix.replace(/^@"?/, "");
    const entries = await this.files(signal);
    const scored = entries
      .map((entry) => ({ entry, score: scoreOf(query, entry) }))
      .filter((candidate): candidate is { entry: Entry; score: number } => candidate.score !== undefined)
      .sort((a, b) => a.score - b.score || a.entry.path.length - b.entry.path.length)
      .slice(0, MAX_SHOWN);
    if (scored.length === 0) return null;
    const items = scored.map(({ entry }) => {
      const shown = entry.directory ? `${entry.path}/` : entry.path;
      const value = /\s/.test(shown) ? `@"${shown}"` : `@${shown}`;
      return { value, label: entry.directory ? `${entry.name}/` : entry.name, description: shown };
    });
    return { items, prefix };
  }

  private files(signal: AbortSignal): Promise<Entry[]> {
    const now = Date.now();
    if (!this.listing || now - this.listing.at > LISTING_TTL_MS) this.listing = { at: now, entries: listFiles(this.cwd, signal) };
    const listing = this.listing;
    return listing.entries.catch(() => {
      if (this.listing === listing) this.listing = undefined;
      return [];
    });
  }
}

interface Entry {
  path: string;
  name: string;
  directory: boolean;
}

async function listFiles(cwd: string, signal: AbortSignal): Promise<Entry[]> {
  const entries: Entry[] = [];
  for await (const entry of walk(cwd, signal)) {
    if (entry.kind === "symlink") continue;
    entries.push({ path: entry.relativePath, name: entry.name, directory: entry.kind === "directory" });
    if (entries.length >= MAX_FILES) break;
  }
  return entries;
}

/** lower is better: an exact name, then a name prefix, then a substring of the path, then a fuzzy match */
function scoreOf(query: string, entry: Entry): number | undefined {
  if (query === "") return entry.path.split("/").length * 10;
  const lower = query.toLowerCase();
  const name = entry.name.toLowerCase();
  const path = entry.path.toLowerCase();
  if (name === lower) return -1000;
  if (name.startsWith(lower)) return -500;
  if (path.includes(lower)) return -100;
  const fuzzy = fuzzyMatch(lower, path);
  return fuzzy.matches ? fuzzy.score : undefined;
}
