// The folder a stored session was recorded in, from its header (the first line), without reading the rest.
import { open } from "node:fs/promises";
import { isHeader } from "../../plugins/sessions/index.js";

/** A header is one short JSON line; this much always holds it. */
const HEADER_BYTES = 16 * 1024;

/** undefined when the file is missing or does not start with a session header */
export async function storedSessionCwd(location: string): Promise<string | undefined> {
  let file;
  try {
    file = await open(location, "r");
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEADER_BYTES, 0);
    const text = buffer.toString("utf8", 0, bytesRead);
    const end = text.indexOf("\n");
    const header: unknown = JSON.parse(end === -1 ? text : text.slice(0, end));
    return isHeader(header) && header.cwd ? header.cwd : undefined;
  } catch {
    return undefined;
  } finally {
    await file.close();
  }
}
