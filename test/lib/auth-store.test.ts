// auth.json's writer reads the file through the one JSON scanner (lib/json/json-text): a file it cannot write back
// without losing something is refused with the mistake's line and column, and left as it was.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PithError } from "../../kernel/index.js";
import { modifyAuthEntry } from "../../lib/oauth/auth-store.js";

let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe("auth.json's writer", () => {
  it("refuses a file with a comment or a syntax error, naming where, and changes nothing", async () => {
    folder = await mkdtemp(join(tmpdir(), "pith-auth-store-"));
    const path = join(folder, "auth.json");
    const text = '{\n  // mine\n  "anthropic": { "type": "api_key", "key": "k" }\n}\n';
    await writeFile(path, text);
    const error = await modifyAuthEntry(path, "openai", async () => ({ type: "api_key", key: "new" })).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PithError);
    expect((error as PithError).code).toBe("AUTH_JSON_INVALID");
    expect((error as PithError).message).toMatch(/is not valid JSON \(.*\(line 2, column 3\)\)/);
    expect(await readFile(path, "utf8")).toBe(text);

    await writeFile(path, '{"anthropic": {"type": "api_key", "key": "k"}}');
    await modifyAuthEntry(path, "openai", async () => ({ type: "api_key", key: "new" }));
    expect(JSON.parse(await readFile(path, "utf8"))).toEqual({ anthropic: { type: "api_key", key: "k" }, openai: { type: "api_key", key: "new" } });
  });
});
