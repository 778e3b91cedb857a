import { describe, expect, it } from "vitest";
import { JsonlSessionStore, SessionManager, searchSessions, type SearchHit } from "../../plugins/sessions/index.js";
import { assistant, tempDir, toolResult, user } from "./helpers.js";

async function collect(hits: AsyncGenerator<SearchHit>): Promise<SearchHit[]> {
  const all: SearchHit[] = [];
  for await (const hit of hits) all.push(hit);
  return all;
}

function twoSessions() {
  const dir = tempDir();
  const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir });
  const first = SessionManager.create(store, "/p");
  const asked = first.appendMessage(user("How do I configure the Widget?"));
  first.appendMessage(assistant("Set widget.size in the config."));
  first.appendMessage(toolResult("widget appears in a tool result, which is not searched"));
  first.close();
  const second = SessionManager.create(store, "/p");
  second.appendMessage(user("unrelated"));
  second.appendMessage(assistant("nothing here"));
  second.appendCustomMessage("note", "a WIDGET note from a plugin", true);
  second.close();
  return { paths: [first.getSessionFile()!, second.getSessionFile()!], asked };
}

describe("searchSessions", () => {
  it("finds user, assistant and custom messages, case-insensitively, with snippets", async () => {
    const { paths, asked } = twoSessions();
    const hits = await collect(searchSessions(paths, "widget", { context: 5 }));
    expect(hits.map((hit) => [hit.path, hit.role])).toEqual([
      [paths[0], "user"],
      [paths[0], "assistant"],
      [paths[1], "custom"],
    ]);
    expect(hits[0]).toMatchObject({ entryId: asked, snippet: "… the Widget?" });
    expect(await collect(searchSessions(paths, "widget", { caseSensitive: true }))).toHaveLength(1);
  });

  it("stops on an aborted signal and skips files that vanished", async () => {
    const { paths } = twoSessions();
    const controller = new AbortController();
    controller.abort();
    await expect(collect(searchSessions(paths, "widget", { signal: controller.signal }))).rejects.toThrow();
    expect(await collect(searchSessions(["/nonexistent/file.jsonl", paths[0]!], "widget.size"))).toHaveLength(1);
  });
});
