// Writes an export in pieces to a temporary file beside the target, renamed over it only when complete: a failed or
// aborted export leaves no half-written file and keeps whatever the target held before.
import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { PithError, errorMessage } from "../../kernel/index.js";

const FLUSH_CHARS = 256 * 1024;

export type Put = (text: string) => Promise<void>;

export async function writeInPieces(outputPath: string, produce: (put: Put) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const temporary = `${outputPath}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  const handle = await open(temporary, "wx").catch((error: unknown) => {
    throw new PithError("EXPORT_WRITE_FAILED", `Cannot write ${outputPath}: ${errorMessage(error)}`, { cause: error });
  });
  let pending: string[] = [];
  let pendingChars = 0;
  const flush = async () => {
    const text = pending.join("");
    pending = [];
    pendingChars = 0;
    if (text) await handle.write(text);
  };
  try {
    await produce(async (text) => {
      signal?.throwIfAborted();
      pending.push(text);
      pendingChars += text.length;
      if (pendingChars >= FLUSH_CHARS) await flush();
    });
    await flush();
    await handle.close();
    await rename(temporary, outputPath);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    if (error instanceof PithError || signal?.aborted) throw error;
    throw new PithError("EXPORT_WRITE_FAILED", `Cannot write ${outputPath}: ${errorMessage(error)}`, { cause: error });
  }
}
