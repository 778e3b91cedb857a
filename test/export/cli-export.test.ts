// `pith --export <session.jsonl> [out.html]` through the real CLI: pi's flag, default name and message; a page
// that holds everything it needs; the active branch only; clear errors that leave an existing page alone.
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, type CliResult } from "../cli/cli-harness.js";
import { shareCodeCache } from "../support/code-cache.js";
import { writeFixture } from "./session-fixture.js";

let dir: string;
const run = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> =>
  runCli(args, { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, PITH_CACHE_DIR: join(dir, "cache"), ...env } });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pith-export-cli-"));
  await shareCodeCache(join(dir, "cache"));
  await writeFixture(join(dir, "2026-11-30_fixture.jsonl"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("pith --export", () => {
  it("writes pi-session-<file name>.html in the current folder and says where: a page that needs nothing from outside and lets no message text become markup", async () => {
    const result = await run(["--export", "2026-11-30_fixture.jsonl"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const page = join(dir, "pi-session-2026-11-30_fixture.html");
    expect(result.stdout).toBe(`Exported to: ${page}\n`);
    const html = await readFile(page, "utf8");
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("<title>Build &amp; &lt;fix&gt; session</title>");
    expect(html).toContain("First question: <strong>explain</strong> the build");
    // the conversation is the active branch; the other branch is folded away below it, and both are in the tree
    expect(conversationOf(html)).not.toContain("ABANDONED BRANCH");
    expect(html).toMatch(/<section class="branches"[^]*<details class="branch" id="branch-u-old"><summary>Branch from <a href="#entry-r3">/);
    expect(html).toContain('<li class="node user off-path"><a href="#entry-u-old">You: ABANDONED BRANCH QUESTION</a></li>');

    // the page needs nothing from outside and lets no message text become markup
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'nonce-[^']+'; script-src 'nonce-[^']+'/);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html).not.toMatch(/<link|@import|url\(/);
    // besides the image, only links within the page (the session tree's)
    const targets = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => match[1]!);
    expect(targets.filter((target) => !/^#entry-[\w-]+$/.test(target)).map((target) => target.slice(0, 15))).toEqual(["data:image/png;"]);
    for (const target of targets.filter((target) => target.startsWith("#"))) expect(html).toContain(`id="${target.slice(1)}"`);
    expect(html).not.toContain("<script>window.__pwned");
    expect(html).toContain("&lt;script&gt;window.__pwned");
    expect(html).not.toContain('<b id="escaped">');
  });

  it("reports a damaged line with file and line and exports the rest", async () => {
    const source = join(dir, "damaged.jsonl");
    const intact = await readFile(join(dir, "2026-11-30_fixture.jsonl"), "utf8");
    await writeFile(source, `${intact}{"type":"message","id":"broken",\n`);
    const brokenLine = intact.split("\n").length;
    const result = await run(["--export", "damaged.jsonl", "damaged.html"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`pith: warning: ${source}:${brokenLine}: not a session entry; skipped\n`);
    expect(await readFile(join(dir, "damaged.html"), "utf8")).toContain("Final answer, also with tricks");
  });

  it("upgrades a version 1 file as it reads it", async () => {
    const v1 = [
      { type: "session", id: "v1-session", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/old" },
      { type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: { role: "user", content: "an old question", timestamp: 1 } },
      { type: "message", timestamp: "2025-01-01T00:00:02.000Z", message: { role: "assistant", content: [{ type: "text", text: "an old answer" }], api: "x", provider: "p", model: "m", usage: {}, stopReason: "stop", timestamp: 2 } },
    ];
    await writeFile(join(dir, "v1.jsonl"), v1.map((line) => JSON.stringify(line)).join("\n") + "\n");
    const result = await run(["--export", "v1.jsonl", "v1.html"]);
    expect(result.code).toBe(0);
    const html = await readFile(join(dir, "v1.html"), "utf8");
    expect(html.indexOf("an old question")).toBeGreaterThan(0);
    expect(html.indexOf("an old answer")).toBeGreaterThan(html.indexOf("an old question"));
  });

  it("fails clearly on a missing file or one that is no session, and leaves an existing page alone", async () => {
    await writeFile(join(dir, "kept.html"), "earlier page");
    const missing = await run(["--export", "nope.jsonl", "kept.html"]);
    expect(missing).toMatchObject({ code: 1, stdout: "", stderr: `pith: Cannot export ${join(dir, "nope.jsonl")}: there is no such file.\n` });
    await writeFile(join(dir, "notes.jsonl"), '{"hello":"world"}\n');
    const wrong = await run(["--export", "notes.jsonl", "kept.html"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(`pith: Cannot export ${join(dir, "notes.jsonl")}: its first line is not a session header, so it is not a session file.\n`);
    expect(await readFile(join(dir, "kept.html"), "utf8")).toBe("earlier page");
    const noFolder = await run(["--export", "2026-11-30_fixture.jsonl", "no/such/folder/page.html"]);
    expect(noFolder.code).toBe(1);
    expect(noFolder.stderr).toMatch(/^pith: Cannot write .*no\/such\/folder\/page\.html: ENOENT/);
  });

  it("exports a 100 MB session under a 64 MB heap: the file is never held whole", async () => {
    const big = join(dir, "big.jsonl");
    const chunk = `${"x".repeat(99)}\n`.repeat(5_000); // 500 KB of tool output
    await writeFile(big, `${JSON.stringify({ type: "session", version: 3, id: "big", timestamp: "2026-11-30T09:00:00.000Z", cwd: dir })}\n`);
    let parent: string | null = null;
    for (let turn = 0; turn < 200; turn++) {
      const call = { type: "message", id: `a${turn}`, parentId: parent, timestamp: "2026-11-30T09:00:00.000Z", message: { role: "assistant", content: [{ type: "toolCall", id: `c${turn}`, name: "bash", arguments: { command: `step ${turn}` } }], api: "x", provider: "p", model: "m", usage: {}, stopReason: "toolUse", timestamp: 1 } };
      const result = { type: "message", id: `r${turn}`, parentId: `a${turn}`, timestamp: "2026-11-30T09:00:00.000Z", message: { role: "toolResult", toolCallId: `c${turn}`, toolName: "bash", content: [{ type: "text", text: `turn ${turn}\n${chunk}` }], isError: false, timestamp: 1 } };
      await appendFile(big, `${JSON.stringify(call)}\n${JSON.stringify(result)}\n`);
      parent = `r${turn}`;
    }
    const result = await run(["--export", "big.jsonl", "big.html"], { NODE_OPTIONS: "--max-old-space-size=64" });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    // searched as bytes: decoding the whole page into one string is most of what the check would cost
    const html = await readFile(join(dir, "big.html"));
    expect(html.length).toBeGreaterThan(100_000_000);
    expect(html.includes("turn 199\n")).toBe(true);
    expect(html.subarray(-"</html>\n".length).toString()).toBe("</html>\n");
    expect((await readdir(dir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  }, 120_000);
});

/** the page's conversation: the active branch */
function conversationOf(html: string): string {
  const start = html.indexOf('<section class="conversation"');
  return html.slice(start, html.indexOf("</section>", start));
}
