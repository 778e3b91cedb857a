// The active branch as a session file of its own, as pi's `/export file.jsonl` writes it: a new header (same
// id, format version 3, the current folder, no parent) and the branch's entries, each the child of the one before.
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { CURRENT_SESSION_VERSION } from "../sessions/index.js";
import type { BranchSource } from "./branch-source.js";
import { writeInPieces } from "./output-file.js";

export async function writeJsonlBranch(source: BranchSource, outputPath: string, cwd: string, signal?: AbortSignal): Promise<void> {
  await mkdir(dirname(outputPath), { recursive: true });
  await writeInPieces(
    outputPath,
    async (put) => {
      const header = { type: "session", version: CURRENT_SESSION_VERSION, id: source.header.id, timestamp: new Date().toISOString(), cwd };
      await put(`${JSON.stringify(header)}\n`);
      let parentId: unknown = null;
      for await (const entry of source.entries(signal)) {
        await put(`${JSON.stringify({ ...entry, parentId })}\n`);
        parentId = entry.id;
      }
    },
    signal,
  );
}
