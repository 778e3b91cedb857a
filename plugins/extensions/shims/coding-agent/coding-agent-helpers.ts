// Helpers `@earendil-works/pi-coding-agent` 1.6.0 exports that extensions call, backed by pith's own code: paths,
// compaction arithmetic, front matter, diffs, the read tool's line-range label.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_COMPACTION_SETTINGS as PITH_COMPACTION } from "../../../compaction/compaction-settings.js";
import { simpleYamlMapping } from "../../../../lib/resources/front-matter/simple-yaml-mapping.js";
import { resolveShell } from "../../../tools/bash/shell.js";
import type { ExtensionScope, SourceInfo } from "../../contract/types.js";

/** pi's project and agent folders are `.pi` (pith reads the same ones). */
export const CONFIG_DIR_NAME = ".pi";

/** The session entry a virtual model keeps its state in. */
export const VIRTUAL_MODEL_STATE_ENTRY = "pi.virtual-model-state";

export const DEFAULT_COMPACTION_SETTINGS = Object.freeze({
  enabled: PITH_COMPACTION.enabled,
  reserveTokens: PITH_COMPACTION.reserveTokens,
  keepRecentTokens: PITH_COMPACTION.keepRecentTokens,
});

interface UsageTotals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens?: number;
}

/** Tokens a reply's usage says the context held: the provider's total, else the sum of its parts. */
export function calculateContextTokens(usage: UsageTotals): number {
  return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

export function shouldCompact(contextTokens: number, contextWindow: number, settings: { enabled: boolean; reserveTokens: number }): boolean {
  return settings.enabled && contextTokens > contextWindow - settings.reserveTokens;
}

interface EntryLike {
  type: string;
  message?: { role?: string; stopReason?: string; usage?: UsageTotals };
}

/** The usage of the last assistant reply among `entries` that completed and counted any tokens. */
export function getLastAssistantUsage(entries: readonly EntryLike[]): UsageTotals | undefined {
  for (let index = entries.length - 1; index >= 0; index--) {
    const message = entries[index]!.type === "message" ? entries[index]!.message : undefined;
    if (message?.role !== "assistant" || !message.usage) continue;
    if (message.stopReason === "aborted" || message.stopReason === "error") continue;
    if (calculateContextTokens(message.usage) > 0) return message.usage;
  }
  return undefined;
}

const lineNumber = (value: unknown): number | undefined => {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number > 0 ? number : undefined;
};

/** The `:start-end` suffix the read tool's call is shown with (`""` when no valid range was asked for). */
export function formatReadLineRange(offset: unknown, limit: unknown): string {
  if (offset == null && limit == null) return "";
  const start = offset == null ? 1 : lineNumber(offset);
  if (start === undefined) return "";
  if (limit == null) return `:${start}`;
  const count = lineNumber(limit);
  return count === undefined ? "" : `:${start}-${start + count - 1}`;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;
const requireHere = createRequire(import.meta.url);

/** Splits YAML front matter from the body, synchronously (pi's signature): `{frontmatter, body}`. */
export function parseFrontmatter<T extends Record<string, unknown> = Record<string, unknown>>(content: string): { frontmatter: T; body: string } {
  const text = content.startsWith("\uFEFF") ? content.slice(1) : content;
  const match = FRONT_MATTER.exec(text);
  if (!match) return { frontmatter: {} as T, body: text };
  const yamlText = match[1]!;
  // the YAML library only for what the plain-line reader cannot decide
  const data = simpleYamlMapping(yamlText) ?? (requireHere("yaml") as typeof import("yaml")).parse(yamlText);
  return { frontmatter: (data && typeof data === "object" ? data : {}) as T, body: text.slice(match[0].length).trim() };
}

export function stripFrontmatter(content: string): string {
  return parseFrontmatter(content).body;
}

/** A unified patch of one file, as `git diff` shows it. */
export function generateUnifiedPatch(path: string, oldContent: string, newContent: string, contextLines = 3): string {
  const { createTwoFilesPatch } = requireHere("diff") as typeof import("diff");
  return createTwoFilesPatch(`a/${path}`, `b/${path}`, oldContent, newContent, undefined, undefined, { context: contextLines });
}

export function createSyntheticSourceInfo(
  path: string,
  options: { source: string; scope?: ExtensionScope; origin?: SourceInfo["origin"]; baseDir?: string },
): SourceInfo {
  return {
    path,
    source: options.source,
    scope: options.scope ?? "temporary",
    origin: options.origin ?? "top-level",
    ...(options.baseDir === undefined ? {} : { baseDir: options.baseDir }),
  };
}

/** The shell the bash tool runs: `customShellPath`, else bash, else sh. */
export function getShellConfig(customShellPath?: string): { shell: string; args: string[] } {
  return { shell: resolveShell(customShellPath), args: ["-c"] };
}

/** pith's installed package folder (where its README and docs are). */
export function getPackageDir(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, "package.json")) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}
export const getDocsPath = (): string => join(getPackageDir(), "docs");
export const getExamplesPath = (): string => join(getPackageDir(), "docs", "examples");
export const getReadmePath = (): string => join(getPackageDir(), "README.md");
