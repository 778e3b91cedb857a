// The "sessionExport" service: the running session as an HTML page or as a session file, and any session file as
// an HTML page (the CLI's `--export`). Default names are pi's: `pi-session-<session file name>.html` and
// `session-<time>.jsonl`, in the current folder.
import { basename, resolve } from "node:path";
import { PithError, type SessionApi } from "../../kernel/index.js";
import { expandTilde, type SessionManager } from "../sessions/index.js";
import { isRecord, type BranchSource, type RawEntry } from "./branch-source.js";
import { sessionFileBranch } from "./session-file-branch.js";
import { inMemoryTree } from "./session-tree.js";

export interface ExportOptions {
  signal?: AbortSignal;
}

export interface SessionExportService {
  /** the session's active branch as a self-contained HTML page; resolves to the file written */
  html(outputPath?: string, options?: ExportOptions): Promise<string>;
  /** the active branch as a session file pi and pith open; resolves to the file written */
  jsonl(outputPath?: string, options?: ExportOptions): Promise<string>;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    sessionExport: SessionExportService;
  }
}

export interface ExportedFile {
  path: string;
  /** lines of the session file that could not be read (each with file and line) */
  warnings: readonly string[];
}

/** Any session file as an HTML page (its last entry's branch, where a resume continues). */
export async function exportSessionFile(inputPath: string, outputPath?: string, options: ExportOptions & { cwd?: string } = {}): Promise<ExportedFile> {
  const cwd = options.cwd ?? process.cwd();
  const input = resolve(cwd, expandTilde(inputPath));
  const source = await sessionFileBranch(input, { signal: options.signal });
  const output = outputPath ? resolve(cwd, expandTilde(outputPath)) : resolve(cwd, defaultHtmlName(input));
  const { writeHtmlPage } = await import("./html/page.js");
  await writeHtmlPage(source, output, {}, options.signal);
  return { path: output, warnings: source.warnings };
}

export function defaultHtmlName(sessionLocation: string): string {
  return `pi-session-${basename(sessionLocation, ".jsonl")}.html`;
}

export class SessionExport implements SessionExportService {
  constructor(
    private readonly session: SessionApi,
    private readonly manager: () => SessionManager | undefined,
  ) {}

  async html(outputPath?: string, options: ExportOptions = {}): Promise<string> {
    const manager = this.requireManager();
    const source = await this.branch(manager, options.signal);
    const output = resolve(this.session.cwd, expandTilde(outputPath ?? defaultHtmlName(manager.getLocation())));
    const systemPrompt = this.session.systemPrompt || (this.session.isStreaming ? "" : await this.session.refreshSystemPrompt());
    const active = new Set(this.session.activeToolNames());
    const tools = this.session.allTools().filter((tool) => active.has(tool.name));
    const { writeHtmlPage } = await import("./html/page.js");
    await writeHtmlPage(source, output, { systemPrompt, tools }, options.signal);
    return output;
  }

  async jsonl(outputPath?: string, options: ExportOptions = {}): Promise<string> {
    const manager = this.requireManager();
    const source = await this.branch(manager, options.signal);
    const name = outputPath ?? `session-${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl`;
    const output = resolve(this.session.cwd, expandTilde(name));
    const { writeJsonlBranch } = await import("./jsonl-export.js");
    await writeJsonlBranch(source, output, this.session.cwd, options.signal);
    return output;
  }

  private requireManager(): SessionManager {
    const manager = this.manager();
    if (!manager) throw new PithError("EXPORT_NO_SESSION", "Cannot export: this session keeps no conversation (the sessions plugin is not loaded).");
    return manager;
  }

  /** A stored session is read back from its file, which holds every entry already; one not yet stored from memory. */
  private async branch(manager: SessionManager, signal?: AbortSignal): Promise<BranchSource> {
    const file = manager.getSessionFile();
    const branch = manager.getBranch();
    if (!branch.some((entry) => entry.type === "message")) {
      throw new PithError("EXPORT_EMPTY", "Nothing to export yet: start a conversation first.");
    }
    if (file && manager.isStored()) return sessionFileBranch(file, { leafId: manager.getLeafId(), signal });
    return {
      header: manager.getHeader() as unknown as RawEntry,
      name: manager.getSessionName(),
      warnings: [],
      leafId: branch.at(-1)?.id,
      ...inMemoryTree(manager.getEntries() as unknown as RawEntry[]),
      entries: async function* () {
        for (const entry of branch) if (isRecord(entry)) yield entry as unknown as RawEntry;
      },
    };
  }
}
