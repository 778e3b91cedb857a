import { execFile, spawn } from "node:child_process";
import { mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSettingsFolders, type SettingsFolders } from "./settings-fixture.js";

const run = promisify(execFile);
const writer = fileURLToPath(new URL("./fixtures/concurrent-writer.ts", import.meta.url));

let folders: SettingsFolders;
let lockFile: string;
beforeEach(async () => {
  folders = await createSettingsFolders();
  lockFile = `${folders.globalFile}.lock`;
});
afterEach(() => folders.cleanup());

async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

async function age(path: string): Promise<void> {
  const longAgo = new Date(Date.now() - 60_000);
  await utimes(path, longAgo, longAgo);
}

describe("settings file lock", () => {
  it("keeps two processes writing the same file from undoing each other's writes", async () => {
    const count = 150;
    const barrier = join(folders.root, "barrier");
    await mkdir(barrier);
    const keys = ["compaction.reserveTokens", "branchSummary.reserveTokens"];
    const children = keys.map((key) =>
      run(process.execPath, ["--import", "jiti/register", writer, folders.agentDir, folders.cwd, key, String(count), barrier], {
        cwd: fileURLToPath(new URL("../..", import.meta.url)),
      }),
    );
    while ((await readdir(barrier)).length < keys.length) await sleep(5);
    await writeFile(join(barrier, "go"), "");
    const results = await Promise.all(children);

    expect(results.map((result) => JSON.parse(result.stdout) as unknown)).toEqual([{ lost: 0 }, { lost: 0 }]);
    expect(await folders.readJson(folders.globalFile)).toEqual({
      compaction: { reserveTokens: count },
      branchSummary: { reserveTokens: count },
    });
    await expect(stat(lockFile)).rejects.toMatchObject({ code: "ENOENT" });
  }, 30_000);

  it("takes over a lock whose process has died", async () => {
    await writeFile(lockFile, JSON.stringify({ pid: await exitedPid(), host: hostname(), token: "dead" }));
    const manager = await folders.load();
    await manager.set("theme", "light", "global");
    expect(await folders.readJson(folders.globalFile)).toEqual({ theme: "light" });
    await expect(stat(lockFile)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("takes over a lock older than the stale limit", async () => {
    await writeFile(lockFile, JSON.stringify({ pid: 1, host: "another-machine", token: "old" }));
    await age(lockFile);
    const manager = await folders.load();
    await manager.set("theme", "light", "global");
    expect(await folders.readJson(folders.globalFile)).toEqual({ theme: "light" });
  });

  it("gives up on a live lock with an error naming the lock file and its holder", async () => {
    await folders.writeGlobal({ theme: "light" });
    await writeFile(lockFile, JSON.stringify({ pid: process.pid, host: hostname(), token: "busy" }));
    const manager = await folders.load({ lock: { timeoutMs: 100 } });
    const write = manager.set("theme", "dark", "global");

    await expect(write).rejects.toMatchObject({ code: "SETTINGS_LOCKED" });
    await expect(write).rejects.toThrow(`${lockFile} is held by process ${process.pid}`);
    expect(await folders.readJson(folders.globalFile)).toEqual({ theme: "light" });
    expect(JSON.parse(await readFile(lockFile, "utf8"))).toMatchObject({ token: "busy" });
  });

  it("respects pi's directory lock while it is fresh, and takes it over once stale", async () => {
    await mkdir(lockFile);
    const manager = await folders.load({ lock: { timeoutMs: 100 } });
    await expect(manager.set("theme", "dark", "global")).rejects.toMatchObject({ code: "SETTINGS_LOCKED" });

    await age(lockFile);
    await manager.set("theme", "light", "global");
    expect(await folders.readJson(folders.globalFile)).toEqual({ theme: "light" });
  });

  it("stops waiting when its signal is aborted", async () => {
    await writeFile(lockFile, JSON.stringify({ pid: process.pid, host: hostname(), token: "busy" }));
    const manager = await folders.load();
    const controller = new AbortController();
    const write = manager.set("theme", "dark", "global", { signal: controller.signal });
    controller.abort();
    await expect(write).rejects.toMatchObject({ name: "AbortError" });
    await expect(stat(folders.globalFile)).rejects.toMatchObject({ code: "ENOENT" });
  });
});
