// Where commands' full output goes once it is over the limits: one folder per process in the temp folder.
// A session's logs are removed when it ends, the folder when the process exits, and folders that processes
// killed before their exit handler ran left behind are swept when this process makes its first log.
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processExists } from "../../../lib/process/process-exists.js";

const FOLDER_PREFIX = "pith-output-";
let folder: string | undefined;

/** A new path for one command's full output; the folder is made on first use. */
export function newOutputLogPath(prefix: string): string {
  return join(ensureFolder(), `${prefix}-${randomBytes(8).toString("hex")}.log`);
}

/** Removes logs whose results are gone with their session. */
export function removeOutputLogs(paths: Iterable<string>): void {
  for (const path of paths) rmSync(path, { force: true });
}

function ensureFolder(): string {
  if (folder) return folder;
  const created = join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-${randomBytes(4).toString("hex")}`);
  mkdirSync(created, { recursive: true, mode: 0o700 });
  folder = created;
  process.once("exit", () => rmSync(created, { recursive: true, force: true }));
  sweepDeadProcessFolders();
  return created;
}

function sweepDeadProcessFolders(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^pith-output-(\d+)-[0-9a-f]+$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || processExists(pid)) continue;
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}
