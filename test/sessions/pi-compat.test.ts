// pi 0.73.1 compatibility both ways: a file pi wrote loads in pith exactly as pi reads it, and a file pith
// wrote loads in pi's own SessionManager.
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JsonlSessionStore, SessionManager, buildSessionContext, type SessionTreeNode } from "../../plugins/sessions/index.js";
import { assistant, fixturesDir, tempDir, toolResult, user } from "./helpers.js";

interface PiSessionManager {
  getEntries(): unknown[];
  getLeafId(): string | null;
  getSessionName(): string | undefined;
  getLabel(id: string): string | undefined;
  getTree(): SessionTreeNode[];
  buildSessionContext(): unknown;
  getHeader(): unknown;
}
interface PiModule {
  SessionManager: { open(path: string): PiSessionManager };
}

const PI_PACKAGE = "@mariozechner/pi-coding-agent";
const pi = (await import(PI_PACKAGE).catch(() => undefined)) as PiModule | undefined;
if (!pi) console.warn(`pi-compat: ${PI_PACKAGE} cannot be imported (it should be a devDependency); the pith → pi test is skipped`);

const shape = (nodes: SessionTreeNode[]): unknown[] =>
  nodes.map((node) => ({ id: node.entry.id, label: node.label, labelTimestamp: node.labelTimestamp, children: shape(node.children) }));

describe("a session file written by pi 0.73.1", () => {
  const expected = JSON.parse(readFileSync(join(fixturesDir, "pi-0.73.1-expected.json"), "utf8")) as Record<string, unknown>;

  function openFixture() {
    const dir = tempDir();
    const file = join(dir, "pi.jsonl");
    copyFileSync(join(fixturesDir, "pi-0.73.1-session.jsonl"), file);
    return { file, manager: SessionManager.open(new JsonlSessionStore({ agentDir: dir }), file) };
  }

  it("loads without warnings and reads as pi reads it: leaf, name, labels, contexts, branches, tree", () => {
    const { manager } = openFixture();
    expect(manager.getWarnings()).toEqual([]);
    expect(manager.getLeafId()).toBe(expected.leafId);
    expect(manager.getSessionName()).toBe(expected.sessionName);
    expect(manager.getLabel(expected.firstUserId as string)).toBe(expected.labelOfFirstUser);
    expect(manager.buildSessionContext()).toEqual(expected.context);
    expect(buildSessionContext(manager.getEntries(), expected.compactedLeafId as string)).toEqual(expected.contextAtCompactedLeaf);
    expect(manager.getBranch(expected.compactedLeafId as string).map((entry) => entry.id)).toEqual(expected.branchToCompactedLeaf);
    expect(JSON.parse(JSON.stringify(shape(manager.getTree())))).toEqual(expected.tree);
    manager.close();
  });

  it("keeps pi's lines byte for byte when pith appends to the file", () => {
    const { file, manager } = openFixture();
    const before = readFileSync(file, "utf8");
    manager.appendMessage(user("a pith turn"));
    manager.close();
    const after = readFileSync(file, "utf8");
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length).split("\n").filter(Boolean)).toHaveLength(1);
  });
});

describe("a session file written by pith", () => {
  it.skipIf(!pi)(`loads in pi's own SessionManager (needs ${PI_PACKAGE} as a devDependency)`, async () => {
    const dir = tempDir();
    const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir });
    const manager = SessionManager.create(store, "/home/user/project");
    manager.appendModelChange("anthropic", "claude-test");
    manager.appendThinkingLevelChange("high");
    const u1 = manager.appendMessage(user("read the file"));
    const a1 = manager.appendMessage(assistant("reading", { responseModel: "claude-test-1", diagnostics: [{ type: "retry", timestamp: 1 }] }));
    manager.appendMessage(toolResult("contents"));
    manager.appendCustomEntry("ext-state", { on: true });
    manager.appendCustomMessage("note", [{ type: "text", text: "plugin says hi" }], true);
    manager.setLabel(u1, "start");
    manager.setSessionName("pith made this");
    const kept = manager.appendMessage(user("keep me"));
    manager.appendCompaction("earlier work", kept, 999, { readFiles: ["a"] });
    manager.appendMessage(assistant("after compaction"));
    manager.appendBranchSummary(a1, "left a branch");
    manager.appendMessage(user("new direction"));
    const file = manager.getSessionFile()!;
    manager.close();
    const bytes = readFileSync(file);

    const piManager = pi!.SessionManager.open(file);
    expect(piManager.getEntries()).toEqual(manager.getEntries());
    expect(piManager.getHeader()).toEqual(manager.getHeader());
    expect(piManager.getLeafId()).toBe(manager.getLeafId());
    expect(piManager.getSessionName()).toBe("pith made this");
    expect(piManager.getLabel(u1)).toBe("start");
    expect(piManager.buildSessionContext()).toEqual(manager.buildSessionContext());
    expect(shape(piManager.getTree())).toEqual(shape(manager.getTree()));
    // pi found nothing to migrate or repair
    expect(readFileSync(file)).toEqual(bytes);
  });
});
