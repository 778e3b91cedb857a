// @long-running: writer processes, pi 1.6.0 among them, taking turns under the lock
import { execFile } from "node:child_process";
import { mkdir, readdir, readFile, rmdir, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { createSettingsFolders, type SettingsFolders } from "./settings-fixture.js";

const run = promisify(execFile);
const writer = fileURLToPath(new URL("./fixtures/concurrent-writer.mjs", import.meta.url));
const repository = fileURLToPath(new URL("../..", import.meta.url));

let folders: SettingsFolders;
let lockPath: string;
beforeEach(async () => {
  folders = await createSettingsFolders();
  lockPath = `${folders.globalFile}.lock`;
});
afterEach(() => folders.cleanup());

async function age(path: string): Promise<void> {
  const longAgo = new Date(Date.now() - 60_000);
  await utimes(path, longAgo, longAgo);
}

function pithWriter(key: string, count: number, barrier: string) {
  return run(process.execPath, [writer, folders.agentDir, folders.cwd, key, String(count), barrier], {
    cwd: repository,
  });
}

/** Lets the writers start once all are ready; a writer that fails before that fails this with its error. */
async function startTogether(barrier: string, writers: Promise<unknown>[]): Promise<void> {
  let failed: { error: unknown } | undefined;
  for (const writer of writers) writer.catch((error: unknown) => (failed ??= { error }));
  while ((await readdir(barrier)).length < writers.length) {
    if (failed) throw failed.error;
    await sleep(5);
  }
  await writeFile(join(barrier, "go"), "");
}

/**
 * pi 1.6.0's own SettingsManager, setting `defaultModel` to model-1..count and checking its last value each time;
 * a write pi gave up on because the lock was busy is made again.
 */
function piWriter(count: number, barrier: string): Promise<string> {
  const source = `
    import { existsSync, readFileSync, writeFileSync } from "node:fs";
    import { join } from "node:path";
    import { setTimeout as sleep } from "node:timers/promises";
    import { SettingsManager } from ${JSON.stringify(join(PI16_PACKAGE, "dist/index.js"))};
    const [agentDir, cwd, count, barrier] = ${JSON.stringify([folders.agentDir, folders.cwd, count, barrier])};
    const manager = SettingsManager.create(cwd, agentDir);
    writeFileSync(join(barrier, "pi.ready"), "");
    while (!existsSync(join(barrier, "go"))) await sleep(2);
    let lost = 0;
    for (let value = 1; value <= count; value++) {
      if (value > 1 && JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8")).defaultModel !== "model-" + (value - 1)) lost++;
      // pi gives up on a lock after 10 tries 20 ms apart; on a loaded machine pith may hold it longer, and pi's
      // write then fails (not undone by pith): it is made again, as a user would
      const errors = [];
      for (let attempt = 1; attempt <= 20; attempt++) {
        manager.setDefaultModel("model-" + value);
        await manager.flush();
        const failed = manager.drainErrors();
        if (failed.length === 0) break;
        errors.push(...failed.map((e) => String(e.error)));
        if (!errors.every((e) => e.includes("Lock file is already being held")) || attempt === 20) {
          process.stdout.write(JSON.stringify({ lost, errors }));
          process.exit(0);
        }
      }
    }
    process.stdout.write(JSON.stringify({ lost, errors: [] }));
  `;
  return runOnNode22(source, { env: { PI_CODING_AGENT_DIR: folders.agentDir } });
}

describe("settings file lock (proper-lockfile's folder, as pi takes it)", () => {
  // 300 writes taking turns under the lock: 10-30 s on 2 cores under a load of 16-22.
  it("keeps two pith processes writing the same file from undoing each other's writes", async () => {
    const count = 150;
    const barrier = join(folders.root, "barrier");
    await mkdir(barrier);
    const keys = ["compaction.reserveTokens", "branchSummary.reserveTokens"];
    const children = keys.map((key) => pithWriter(key, count, barrier));
    await startTogether(barrier, children);
    const results = await Promise.all(children);

    expect(results.map((result) => JSON.parse(result.stdout) as unknown)).toEqual([{ lost: 0 }, { lost: 0 }]);
    expect(await folders.readJson(folders.globalFile)).toEqual({
      compaction: { reserveTokens: count },
      branchSummary: { reserveTokens: count },
    });
    await expect(stat(lockPath)).rejects.toMatchObject({ code: "ENOENT" });
  }, 120_000);

  it("takes turns with pi 1.6.0 writing the same settings.json: neither undoes the other's writes", async () => {
    const count = 60;
    const barrier = join(folders.root, "barrier");
    await mkdir(barrier);
    // pi reads a file that does not exist yet without its lock
    await folders.writeGlobal({});
    const pith = pithWriter("compaction.reserveTokens", count, barrier);
    const pi = piWriter(count, barrier);
    await startTogether(barrier, [pith, pi]);
    const [pithResult, piOutput] = await Promise.all([pith, pi]);

    expect(JSON.parse(pithResult.stdout)).toEqual({ lost: 0 });
    expect(JSON.parse(piOutput)).toEqual({ lost: 0, errors: [] });
    expect(await folders.readJson(folders.globalFile)).toEqual({ compaction: { reserveTokens: count }, defaultModel: `model-${count}` });
    await expect(stat(lockPath)).rejects.toMatchObject({ code: "ENOENT" });
  }, 120_000);

  it("waits for a held lock and gives up with an error naming it, leaving the file as it was", async () => {
    await folders.writeGlobal({ theme: "light" });
    await mkdir(lockPath);
    const manager = await folders.load({ lock: { timeoutMs: 100 } });
    const write = manager.set("theme", "dark", "global");

    await expect(write).rejects.toMatchObject({ code: "SETTINGS_LOCKED" });
    await expect(write).rejects.toThrow(`${lockPath} is held by another process`);
    expect(await folders.readJson(folders.globalFile)).toEqual({ theme: "light" });
    expect((await stat(lockPath)).isDirectory()).toBe(true);
  });

  it("takes over a lock its holder stopped refreshing", async () => {
    await mkdir(lockPath);
    await age(lockPath);
    const manager = await folders.load({ lock: { timeoutMs: 1_000 } });
    await manager.set("theme", "light", "global");
    expect(await folders.readJson(folders.globalFile)).toEqual({ theme: "light" });
    await expect(stat(lockPath)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("waits for a lock file of an earlier pith build, and takes it over once stale", async () => {
    await writeFile(lockPath, JSON.stringify({ pid: 1, host: "another-machine", token: "old" }));
    const manager = await folders.load({ lock: { timeoutMs: 100 } });
    await expect(manager.set("theme", "dark", "global")).rejects.toMatchObject({ code: "SETTINGS_LOCKED" });

    await age(lockPath);
    await manager.set("theme", "light", "global");
    expect(await folders.readJson(folders.globalFile)).toEqual({ theme: "light" });
    await expect(stat(lockPath)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("creates the settings folder for the first write", async () => {
    const manager = await folders.load({ agentDir: join(folders.root, "new-agent-dir") });
    await manager.set("theme", "light", "global");
    expect(JSON.parse(await readFile(join(folders.root, "new-agent-dir", "settings.json"), "utf8"))).toEqual({ theme: "light" });
  });

  it("reads the file again when loading catches pi writing it in place under its lock", async () => {
    // pi truncates, then writes: first an empty file, then half of it, while it holds the lock
    await writeFile(folders.globalFile, '{\n  "theme": "li');
    await mkdir(lockPath);
    // pi finishing its write 150 ms later; a timer of this process, which the loading's pauses let run (a process of
    // its own could be kept off the CPU for longer than loading waits when the suite is busy)
    const finished = sleep(150).then(async () => {
      await writeFile(folders.globalFile, '{"theme": "light"}');
      await rmdir(lockPath);
    });
    const manager = await folders.load();
    await finished;
    expect(manager.warnings).toEqual([]);
    expect(manager.get().theme).toBe("light");
  });

  it("still reports a broken file at once when nobody holds its lock", async () => {
    await folders.writeGlobal('{\n  "theme": "li');
    const manager = await folders.load();
    expect(manager.warnings[0]).toMatchObject({ line: 2 });
  });

  it("stops waiting when its signal is aborted", async () => {
    await mkdir(lockPath);
    const manager = await folders.load();
    const controller = new AbortController();
    const write = manager.set("theme", "dark", "global", { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(write).rejects.toMatchObject({ name: "AbortError" });
    await expect(stat(folders.globalFile)).rejects.toMatchObject({ code: "ENOENT" });
  });
});
