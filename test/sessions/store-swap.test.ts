// A third store, written here from the SessionStore contract alone, swapped in without touching anything else.
import { describe, expect, it } from "vitest";
import { PithError } from "../../kernel/errors.js";
import {
  SessionManager,
  addLine,
  continueRecent,
  emptyStats,
  isHeader,
  toSessionInfo,
  type FileEntry,
  type ListQuery,
  type SessionHeader,
  type SessionInfo,
  type SessionStore,
  type SessionWriter,
  type StoredSession,
} from "../../plugins/sessions/index.js";
import { assistant, user } from "./helpers.js";

/** Keeps each session as objects under `<cwd>::<id>`, grouped per project: a layout unlike files. */
class ProjectMapStore implements SessionStore {
  readonly persistent = true;
  readonly projects = new Map<string, Map<string, { lines: FileEntry[]; locked: boolean; changed: Date }>>();
  appends = 0;

  locate(header: SessionHeader): string {
    return `${header.cwd}::${header.id}`;
  }

  read(location: string): StoredSession | undefined {
    const session = this.find(location);
    if (!session) return undefined;
    return { records: session.lines.map((value, i) => ({ line: i + 1, value: structuredClone(value) })), warnings: [] };
  }

  create(location: string, lines: readonly FileEntry[]): SessionWriter {
    if (this.find(location)) throw new PithError("SESSION_EXISTS", `${location} exists`);
    const [cwd] = location.split("::") as [string];
    const project = this.projects.get(cwd) ?? new Map();
    this.projects.set(cwd, project);
    const session = { lines: lines.map((line) => structuredClone(line)), locked: false, changed: new Date() };
    project.set(location, session);
    return this.writer(location, session);
  }

  openWriter(location: string): SessionWriter | undefined {
    const session = this.find(location);
    return session ? this.writer(location, session) : undefined;
  }

  async list(query: ListQuery): Promise<SessionInfo[]> {
    const projects = query.all ? [...this.projects.values()] : [this.projects.get(query.cwd ?? "") ?? new Map()];
    const infos: SessionInfo[] = [];
    for (const project of projects) {
      for (const [location, session] of project) {
        const [header, ...rest] = session.lines;
        if (!isHeader(header)) continue;
        const stats = emptyStats();
        for (const line of rest) addLine(stats, line);
        infos.push(toSessionInfo(location, header, stats, session.changed, true));
      }
    }
    return infos;
  }

  private find(location: string) {
    const [cwd] = location.split("::") as [string];
    return this.projects.get(cwd)?.get(location);
  }

  private writer(location: string, session: { lines: FileEntry[]; locked: boolean; changed: Date }): SessionWriter {
    if (session.locked) throw new PithError("SESSION_LOCKED", `${location} is open`);
    session.locked = true;
    return {
      location,
      append: (line) => {
        this.appends++;
        session.lines.push(structuredClone(line));
        session.changed = new Date();
      },
      replace: (lines, tag) => {
        session.lines = lines.map((line) => structuredClone(line));
        return `${location}#${tag}`;
      },
      close: () => {
        session.locked = false;
      },
    };
  }
}

describe("a third store swapped in", () => {
  it("receives the deferred first write, then one append per entry, in its own layout", () => {
    const store = new ProjectMapStore();
    const manager = SessionManager.create(store, "/proj");
    expect(manager.getSessionFile()).toBe(`/proj::${manager.getSessionId()}`);
    manager.appendModelChange("mock", "m");
    expect(store.projects.size).toBe(0);
    manager.appendMessage(user("q"));
    manager.appendMessage(assistant("a"));
    manager.appendMessage(user("again"));
    const stored = store.projects.get("/proj")!.get(manager.getSessionFile()!)!.lines;
    expect(stored.map((line) => line.type)).toEqual(["session", "model_change", "message", "message", "message"]);
    expect(store.appends).toBe(2);
    manager.close();
  });

  it("supports reopening, forking, cloning, listing and continuing exactly like the built-in stores", async () => {
    const store = new ProjectMapStore();
    const manager = SessionManager.create(store, "/proj");
    const u1 = manager.appendMessage(user("first"));
    manager.appendMessage(assistant("answer"));
    const u2 = manager.appendMessage(user("second"));
    manager.setLabel(u1, "here");
    const original = manager.getSessionFile()!;
    manager.close();

    const reopened = SessionManager.open(store, original);
    expect(reopened.getEntries()).toHaveLength(4);
    expect(reopened.getLabel(u1)).toBe("here");
    const fork = reopened.fork(u2, "before");
    expect(fork.selectedText).toBe("second");
    expect(reopened.getHeader().parentSession).toBe(original);
    expect(store.projects.get("/proj")!.get(fork.sessionFile!)!.lines.filter((line) => line.type === "label")).toHaveLength(1);
    const clone = reopened.clone();
    expect(clone.sessionFile).not.toBe(fork.sessionFile);
    reopened.close();

    const listed = await store.list({ cwd: "/proj" });
    expect(listed).toHaveLength(3);
    expect(listed.every((info) => info.firstMessage === "first")).toBe(true);
    const recent = await continueRecent(store, "/proj");
    expect(recent.isStored()).toBe(true);
    recent.close();
    expect(() => {
      const a = SessionManager.open(store, original);
      try {
        SessionManager.open(store, original);
      } finally {
        a.close();
      }
    }).toThrow(/is open/);
  });
});
