// The exported page in a real headless Chromium, checked as a person sees it: the messages of the active branch in
// order, a tool call that opens on click, its long output folded, the image shown, both themes, and nothing that a
// message tried to inject running or fetching anything.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { runCli } from "../cli/cli-harness.js";
import { browserUnavailable, launchChromium } from "../support/browser.js";
import { ACTIVE_ROLES, LONG_OUTPUT_LINES, writeFixture } from "./session-fixture.js";

let dir: string;
let browser: Browser;
let page: Page;
let pageUrl: string;
const problems: string[] = [];
const requests: string[] = [];

if (browserUnavailable) {
  it.skip(`browser tests skipped: ${browserUnavailable}`, () => undefined);
} else {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "pith-export-browser-"));
    await writeFixture(join(dir, "fixture.jsonl"));
    const result = await runCli(["--export", "fixture.jsonl", "page.html"], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, PITH_CACHE_DIR: join(dir, "cache") } });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    browser = await launchChromium(join(dir, "browser-home"));
    page = await browser.newPage();
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("dialog", (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on("request", (request) => requests.push(request.url()));
    pageUrl = pathToFileURL(join(dir, "page.html")).href;
    await page.goto(pageUrl);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe("the exported page in Chromium", () => {
    it("shows the session's name and the active branch's messages in order, and nothing of the abandoned branch among them", async () => {
      expect(await page.title()).toBe("Build & <fix> session");
      expect(await page.locator("h1").innerText()).toBe("Build & <fix> session");
      expect(await page.locator(".conversation article.message .role").allInnerTexts()).toEqual(ACTIVE_ROLES);
      expect(await page.locator(".conversation").innerText()).not.toContain("ABANDONED BRANCH");
      expect(await page.locator("details.branch .branch-body").isVisible()).toBe(false);
      const text = await page.locator("body").innerText();
      expect(text).not.toContain("HIDDEN CUSTOM MESSAGE");
      expect(text).toContain("Compacted: 45,678 tokens summarised");
      expect(text).toContain("Model: mock/other-model");
      expect(await page.locator("article.message.user strong").first().innerText()).toBe("explain");
      expect(await page.locator("table td").allInnerTexts()).toEqual(["a", "1"]);
    });

    it("shows usage per reply and the branch's totals", async () => {
      expect(await page.locator("footer.usage").first().innerText()).toBe("in 1,200 · out 300 · cache read 100 · $0.01");
      const totals = await page.locator(".totals").innerText();
      expect(totals).toContain("2 from the user, 3 replies, 3 tool calls");
      expect(totals).toContain("6,200 in, 950 out");
      expect(totals).toContain("$0.06");
    });

    it("opens a tool call on click, with its long output folded until asked for", async () => {
      const bash = page.locator("details.tool").first();
      expect(await bash.locator("> summary").innerText()).toContain("bash");
      expect(await bash.getAttribute("open")).toBeNull();
      const output = bash.locator("> .tool-body > pre.output");
      expect(await output.isVisible()).toBe(false);
      await bash.locator("> summary").click();
      expect(await bash.getAttribute("open")).toBe("");
      expect(await output.isVisible()).toBe(true);
      expect((await output.innerText()).split("\n")).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i + 1} of the build log`));
      const rest = bash.locator("details.more > pre.output");
      expect(await rest.isVisible()).toBe(false);
      await bash.locator("details.more > summary").click();
      expect(await rest.isVisible()).toBe(true);
      expect((await rest.innerText()).split("\n").at(-1)).toBe(`line ${LONG_OUTPUT_LINES} of the build log`);
    });

    it("shows an edit as its diff and a read image as an image", async () => {
      const edit = page.locator("details.tool", { hasText: "src/app.ts" });
      await edit.locator("> summary").click();
      expect(await edit.locator(".diff-added").innerText()).toBe("+2 const a = 2;");
      expect(await edit.locator(".diff-removed").innerText()).toBe("-2 const a = 1;");
      const read = page.locator("details.tool", { hasText: "logo.png" });
      await read.locator("> summary").click();
      const size = await read.locator("img.attachment").evaluate((image: HTMLImageElement) => [image.complete, image.naturalWidth, image.naturalHeight]);
      expect(size).toEqual([true, 4, 3]);
    });

    it("shows the session tree, the active branch marked, and opens another branch from it", async () => {
      const tree = page.locator("details.session-tree");
      expect(await tree.getAttribute("open")).toBe("");
      expect(await tree.locator("> summary").innerText()).toBe("Session tree: 14 entries, 2 branches");
      expect(await tree.locator(".node.on-path > a").allInnerTexts()).toEqual([
        "You: First question: **explain** the build", "Assistant: Let me run it.", "✓ bash", "Assistant: Now the fix.", "✓ edit", "✓ read",
        "Branch summary: Tried a **different** approach first.", "Compaction", "$ git status", "You: Second question with tricks:",
        "reminder: Remember the *style guide*.", expect.stringMatching(/^Assistant: Final answer, also with tricks: <script>/),
      ]);
      expect(await tree.locator(".node.leaf > a").innerText()).toMatch(/^Assistant: Final answer/);
      // the fork: the active branch first, then the abandoned one
      expect(await tree.locator(".fork > ol").nth(1).locator("a").allInnerTexts()).toEqual(["You: ABANDONED BRANCH QUESTION", "Assistant: ABANDONED BRANCH ANSWER"]);

      await tree.locator("a", { hasText: "ABANDONED BRANCH ANSWER" }).click();
      const answer = page.locator("#entry-a-old");
      // the page marks the entry when the address's fragment changes, which comes after the click
      await page.locator("#entry-a-old.shown").waitFor();
      expect(await answer.isVisible()).toBe(true);
      expect(await answer.innerText()).toContain("ABANDONED BRANCH ANSWER");
      expect(await answer.getAttribute("class")).toContain("shown");
      expect(await page.locator("details.branch > summary").innerText()).toBe("Branch from ✓ read");
      expect(await page.locator(".conversation").innerText()).not.toContain("ABANDONED BRANCH");

      // a tool result shown inside its reply: the link goes to the reply
      await tree.locator("a", { hasText: "✓ edit" }).click();
      await page.locator("#entry-a2.shown").waitFor();
      expect(await answer.getAttribute("class")).not.toContain("shown");
      await page.locator("details.branch").evaluate((details: HTMLDetailsElement) => (details.open = false));
    });

    it("opens and closes every tool call with one button", async () => {
      const tools = page.locator("details.tool");
      expect(await tools.count()).toBe(3);
      await tools.first().locator("> summary").click();
      expect(await page.locator("details.tool[open]").count()).toBeLessThan(3);
      await page.locator("#tools-toggle").click();
      expect(await page.locator("details.tool:not([open])").count()).toBe(0);
      expect(await page.locator("#tools-toggle").innerText()).toBe("Collapse tool calls");
      await page.locator("#tools-toggle").click();
      expect(await page.locator("details.tool[open]").count()).toBe(0);
    });

    it("switches between the light and the dark theme", async () => {
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await page.emulateMedia({ colorScheme: "light" });
      const light = await background();
      await page.locator("#theme-toggle").click();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
      expect(await background()).not.toBe(light);
      await page.locator("#theme-toggle").click();
      expect(await background()).toBe(light);
    });

    it("colours a code block by its language, in each theme", async () => {
      const keyword = page.locator("code.language-ts .hljs-keyword").first();
      expect(await keyword.innerText()).toBe("const");
      const colours = () =>
        page.evaluate(() => {
          const code = document.querySelector("code.language-ts")!;
          const colour = (selector: string) => getComputedStyle(code.querySelector(selector)!).color;
          return { keyword: colour(".hljs-keyword"), comment: colour(".hljs-comment"), text: getComputedStyle(code).color };
        });
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme ?? "system");
      const before = await theme();
      while ((await theme()) !== "light") await page.locator("#theme-toggle").click();
      const light = await colours();
      expect(new Set([light.keyword, light.comment, light.text]).size).toBe(3);
      await page.locator("#theme-toggle").click();
      expect(await theme()).toBe("dark");
      expect((await colours()).keyword).not.toBe(light.keyword);
      await page.evaluate((value) => (value === "system" ? delete document.documentElement.dataset.theme : (document.documentElement.dataset.theme = value)), before);
      expect(await page.locator("code.language-js").innerText()).toContain("<script>window.__pwned = 'code'</script>");
    });

    it("runs nothing a message tried to inject, and shows it as text", async () => {
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(await page.evaluate(() => document.scripts.length)).toBe(1);
      expect(await page.locator("#escaped").count()).toBe(0);
      const handlers = await page.evaluate(() =>
        [...document.querySelectorAll("*")].flatMap((element) => [...element.attributes].filter((attribute) => attribute.name.startsWith("on")).map((attribute) => attribute.name)),
      );
      expect(handlers).toEqual([]);
      expect(await page.locator('a[href]:not([href^="#entry-"])').count()).toBe(0);
      const userText = await page.locator("article.message.user").nth(1).innerText();
      expect(userText).toContain(`<script>window.__pwned = "script"</script>`);
      expect(userText).toContain("[image: remote]");
    });

    it("made no request beyond the page itself and logged no error", () => {
      expect(requests.filter((url) => url !== pageUrl)).toEqual([]);
      expect(problems).toEqual([]);
    });

    it("kept Chromium's own files (its crash reporter's settings) in the test's folder, out of the real home", async () => {
      expect((await readdir(join(dir, "browser-home", ".config"))).sort()).toContain("chromium");
    });
  });
}
