import { appendFileSync, existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { LISTING_CACHE_NAME } from "../../plugins/sessions/listing/listing-cache.js";
import { describe, expect, it } from "vitest";
import { JsonlSessionStore, SessionManager, continueRecent, defaultSessionDir, resolveSessionArg } from "../../plugins/sessions/index.js";
import { assistant, tempDir, toolResult, user } from "./helpers.js";

function session(store: JsonlSessionStore, cwd: string, turns: number, options: { name?: string; firstText?: string; big?: number } = {}) {
  const manager = SessionManager.create(store, cwd);
  for (let turn = 0; turn < turns; turn++) {
    manager.appendMessage(user(turn === 0 && options.firstText ? options.firstText : `question ${turn}`, 1_700_000_000_000 + turn * 1000));
    manager.appendMessage(assistant(`answer ${turn}`, { timestamp: 1_700_000_000_500 + turn * 1000 }));
    if (options.big) manager.appendMessage(toolResult("z".repeat(options.big)));
  }
  if (options.name) manager.setSessionName(options.name);
  manager.close();
  return manager;
}

describe("listing sessions", () => {
  it("describes each valid session of a project, newest activity first, skipping other files", async () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    const older = session(store, "/proj", 1, { firstText: "How do I start?" });
    const newer = session(store, "/proj", 3, { name: "Second try" });
    session(store, "/elsewhere", 1);
    const dir = defaultSessionDir("/proj", agentDir);
    writeFileSync(join(dir, "junk.jsonl"), "not a session\n");
    writeFileSync(join(dir, "notes.txt"), "ignored\n");

    const list = await store.list({ cwd: "/proj" });
    expect(list.map((info) => info.id)).toEqual([newer.getSessionId(), older.getSessionId()]);
    expect(list[0]).toMatchObject({
      path: newer.getSessionFile(),
      cwd: "/proj",
      name: "Second try",
      messageCount: 6,
      exact: true,
      firstMessage: "question 0",
      created: new Date(newer.getHeader().timestamp),
      modified: new Date(1_700_000_002_500),
    });
    expect(list[1]).toMatchObject({ firstMessage: "How do I start?", messageCount: 2, name: undefined });
    expect(existsSync(join(dir, ".pith-sessions-index.json"))).toBe(true);
  });

  it("shows parentSessionPath for forks, and the header time when there are no messages", async () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    const source = session(store, "/proj", 2);
    const copy = SessionManager.forkFrom(store, source.getSessionFile()!, "/proj");
    copy.close();
    const dir = defaultSessionDir("/proj", agentDir);
    const emptyFile = join(dir, "empty.jsonl");
    writeFileSync(emptyFile, `${JSON.stringify({ type: "session", version: 3, id: "e-1", timestamp: "2020-01-01T00:00:00.000Z", cwd: "/proj" })}\n`);
    const list = await store.list({ cwd: "/proj" });
    expect(list.find((info) => info.id === copy.getSessionId())!.parentSessionPath).toBe(source.getSessionFile());
    expect(list.find((info) => info.id === "e-1")).toMatchObject({ firstMessage: "(no messages)", messageCount: 0, modified: new Date("2020-01-01T00:00:00.000Z") });
  });

  it("reads only head and tail of a big file: the count is estimated and marked inexact, exact again after a load", async () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    const big = session(store, "/proj", 60, { big: 20_000, name: "Big one" });
    const [estimated] = await store.list({ cwd: "/proj" });
    expect(estimated!.exact).toBe(false);
    expect(estimated!.messageCount).toBeGreaterThan(180 * 0.7);
    expect(estimated!.messageCount).toBeLessThan(180 * 1.3);
    expect(estimated!.name).toBe("Big one");
    expect(estimated!.firstMessage).toBe("question 0");

    SessionManager.open(store, big.getSessionFile()!).close();
    const [exact] = await store.list({ cwd: "/proj" });
    expect(exact).toMatchObject({ exact: true, messageCount: 180, name: "Big one" });
  });

  it("opening a session leaves the listing cache for later; a listing right after it is exact", async () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    const big = session(store, "/proj", 60, { big: 20_000 });
    const cache = join(defaultSessionDir("/proj", agentDir), LISTING_CACHE_NAME);
    SessionManager.open(store, big.getSessionFile()!).close();
    expect(existsSync(cache)).toBe(false);
    const [listed] = await store.list({ cwd: "/proj" });
    expect(listed).toMatchObject({ exact: true, messageCount: 180 });
    const written = JSON.parse(readFileSync(cache, "utf8")) as { files: Record<string, { exact: boolean }> };
    expect(written.files[basename(big.getSessionFile()!)]?.exact).toBe(true);
  });

  it("reads whole files when asked for exact figures", async () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    session(store, "/proj", 60, { big: 20_000 });
    expect((await store.list({ cwd: "/proj" }))[0]!.exact).toBe(false);
    expect((await store.list({ cwd: "/proj", exact: true }))[0]).toMatchObject({ exact: true, messageCount: 180 });
    // and the cache now remembers the exact figures
    expect((await store.list({ cwd: "/proj" }))[0]).toMatchObject({ exact: true, messageCount: 180 });
  });

  it("after growth reads only the new bytes and stays exact; a replaced file is read afresh", async () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    const grown = session(store, "/proj", 60, { big: 20_000 });
    const file = grown.getSessionFile()!;
    SessionManager.open(store, file).close();
    expect((await store.list({ cwd: "/proj" }))[0]).toMatchObject({ exact: true, messageCount: 180 });

    const reopened = SessionManager.open(store, file);
    reopened.appendMessage(user("one more", 1_800_000_000_000));
    reopened.setSessionName("Grown");
    reopened.close();
    expect((await store.list({ cwd: "/proj" }))[0]).toMatchObject({ exact: true, messageCount: 181, name: "Grown", modified: new Date(1_800_000_000_000) });

    const replacement = readFileSync(file, "utf8").split("\n").slice(0, 5).join("\n") + "\n";
    writeFileSync(file, replacement);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await store.list({ cwd: "/proj" }))[0]).toMatchObject({ exact: true, messageCount: 4, name: undefined });
  });

  it("ignores a partly written last line until it is complete", async () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    const manager = session(store, "/proj", 1);
    const file = manager.getSessionFile()!;
    appendFileSync(file, '{"type":"message","id":"12345678","parentId":null,"timestamp":"2025-01-01T00:00:00.000Z","message":{"role":"user","content":"late"');
    expect((await store.list({ cwd: "/proj" }))[0]!.messageCount).toBe(2);
    appendFileSync(file, ',"timestamp":1}}\n');
    expect((await store.list({ cwd: "/proj" }))[0]!.messageCount).toBe(3);
  });

  it("lists every project with all: true, and stops on an aborted signal", async () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    session(store, "/a", 1);
    session(store, "/b", 1);
    expect((await store.list({ all: true })).map((info) => info.cwd).sort()).toEqual(["/a", "/b"]);
    const controller = new AbortController();
    controller.abort();
    await expect(store.list({ all: true, signal: controller.signal })).rejects.toThrow();
  });

  it("returns nothing for a project without sessions", async () => {
    expect(await new JsonlSessionStore({ agentDir: tempDir() }).list({ cwd: "/none" })).toEqual([]);
  });
});

describe("continueRecent and resolveSessionArg", () => {
  it("continues the most recently changed session of the project, or starts a new one", async () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    expect((await continueRecent(store, "/proj")).isStored()).toBe(false);
    const first = session(store, "/proj", 1);
    const second = session(store, "/proj", 1);
    utimesSync(first.getSessionFile()!, new Date(), new Date(Date.now() + 60_000));
    const resumed = await continueRecent(store, "/proj");
    expect(resumed.getSessionId()).toBe(first.getSessionId());
    expect(resumed.getSessionId()).not.toBe(second.getSessionId());
    resumed.close();
  });

  it("resolves paths, id prefixes in the project, then globally, else not found", async () => {
    const agentDir = tempDir();
    const store = new JsonlSessionStore({ agentDir });
    const here = session(store, "/here", 1);
    const there = session(store, "/there", 1);
    expect(await resolveSessionArg(store, "some/file.jsonl", "/base")).toEqual({ kind: "path", location: "/base/some/file.jsonl" });
    expect(await resolveSessionArg(store, "x.jsonl", "/base")).toEqual({ kind: "path", location: "/base/x.jsonl" });
    expect(await resolveSessionArg(store, here.getSessionId().slice(0, 13), "/here")).toEqual({ kind: "local", location: here.getSessionFile() });
    expect(await resolveSessionArg(store, there.getSessionId(), "/here")).toEqual({ kind: "global", location: there.getSessionFile(), cwd: "/there" });
    expect(await resolveSessionArg(store, "ffffffff-nope", "/here")).toEqual({ kind: "not_found", arg: "ffffffff-nope" });
  });
});
