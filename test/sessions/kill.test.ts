// Real child processes killed with SIGKILL at random points while they stream a session.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JsonlSessionStore, SessionManager } from "../../plugins/sessions/index.js";
import { assistant, tempDir, user } from "./helpers.js";

let bundleDir: string;
let childScript: string;

beforeAll(async () => {
  bundleDir = mkdtempSync(join(tmpdir(), "pith-sessions-child-"));
  childScript = join(bundleDir, "streaming-writer.mjs");
  await build({
    entryPoints: [new URL("./streaming-writer.ts", import.meta.url).pathname],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // the kernel's CommonJS dependencies (tapable) require node built-ins; an ES module has no require of its own
    banner: { js: 'import { createRequire as createBannerRequire } from "node:module"; const require = createBannerRequire(import.meta.url);' },
    outfile: childScript,
    logLevel: "silent",
  });
});

afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

interface Run {
  child: ChildProcess;
  lines: string[];
  waitFor(predicate: (lines: string[]) => boolean): Promise<void>;
  exited: Promise<void>;
}

function run(...args: string[]): Run {
  const child = spawn(process.execPath, [childScript, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const waiters: { predicate: (lines: string[]) => boolean; resolve: () => void }[] = [];
  let pending = "";
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const parts = pending.split("\n");
    pending = parts.pop()!;
    lines.push(...parts);
    for (const waiter of waiters.splice(0)) {
      if (waiter.predicate(lines)) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    lines,
    exited,
    waitFor: (predicate) =>
      new Promise<void>((resolve, reject) => {
        if (predicate(lines)) return resolve();
        waiters.push({ predicate, resolve });
        void exited.then(() => (predicate(lines) ? resolve() : reject(new Error(`child exited early: ${stderr}`))));
      }),
  };
}

describe("a writer killed with SIGKILL", () => {
  it("loses no acknowledged entry and always leaves a loadable file, at many random points", async () => {
    const kills = 12;
    for (let attempt = 0; attempt < kills; attempt++) {
      const dir = tempDir();
      const writer = run("stream", dir);
      // wait for a random number of acknowledged appends, then a random moment more, then kill
      const wanted = 3 + Math.floor(Math.random() * 30);
      await writer.waitFor((lines) => lines.filter((line) => line.startsWith("ok ")).length >= wanted);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
      writer.child.kill("SIGKILL");
      await writer.exited;

      const file = writer.lines.find((line) => line.startsWith("file "))!.slice(5);
      const acknowledged = writer.lines.filter((line) => line.startsWith("ok ")).map((line) => line.slice(3));
      // the lock of the dead writer is stale and taken over
      const manager = SessionManager.open(new JsonlSessionStore({ agentDir: dir }), file);
      const ids = new Set(manager.getEntries().map((entry) => entry.id));
      for (const id of acknowledged) expect(ids.has(id)).toBe(true);
      const codes = manager.getWarnings().map((w) => w.code);
      expect(codes.every((code) => code === "torn_line")).toBe(true);
      if (process.env.PITH_SESSIONS_VERBOSE) console.log(`kill ${attempt}: ${acknowledged.length} acknowledged, warnings ${codes.join(",") || "none"}`);

      // appending after the crash repairs the file: it then loads without any warning
      const after = manager.appendMessage(user("resumed"));
      manager.close();
      const reopened = SessionManager.open(new JsonlSessionStore({ agentDir: dir }), file);
      expect(reopened.getWarnings()).toEqual([]);
      expect(reopened.getLeafId()).toBe(after);
      expect(reopened.getEntries().length).toBeGreaterThanOrEqual(acknowledged.length + 2);
      reopened.close();
    }
  }, 60_000);

  it("refuses a second process's writer with the file and the holder's pid", async () => {
    const dir = tempDir();
    const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir });
    const seeded = SessionManager.create(store, "/p");
    seeded.appendMessage(user("q"));
    seeded.appendMessage(assistant("a"));
    const seededFile = seeded.getSessionFile()!;
    seeded.close();

    const holder = run("hold", seededFile);
    await holder.waitFor((lines) => lines.some((line) => line.startsWith("holding")));
    let refusal: Error | undefined;
    try {
      SessionManager.open(store, seededFile);
    } catch (error) {
      refusal = error as Error;
    }
    expect(refusal).toMatchObject({ code: "SESSION_LOCKED" });
    expect(refusal!.message).toContain(seededFile);
    expect(refusal!.message).toContain(`process ${holder.child.pid}`);
    holder.child.kill("SIGKILL");
    await holder.exited;
    const taken = SessionManager.open(store, seededFile);
    expect(JSON.parse(readFileSync(`${seededFile}.lock`, "utf8")).pid).toBe(process.pid);
    taken.close();
  });
});
