// The vendored pi-tui (dist/vendor/pi-tui.cjs) builds its ICU segmenters, Unicode regular expressions and Markdown
// parser on first use (build/pi-tui-lazy-init.mjs), and answers runs of characters no grapheme rule joins without
// ICU. Its text measuring and Markdown must answer exactly as the library's own build does, for every kind of
// character the rewrite treats apart; its autocompletion, whose patterns it also builds on first use, must open
// where the library's does.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as library from "@earendil-works/pi-tui";
import { describe, expect, it, vi } from "vitest";

type Tui = typeof library;
// loaded as the CLI loads it: the bundle file is the module function itself (build.mjs), not a module to require
const { loadWithCodeCache } = createRequire(import.meta.url)(join(process.cwd(), "bin/compile-cache.cjs")) as {
  loadWithCodeCache: (file: string) => { exports: { tui: Tui } };
};
const vendored = loadWithCodeCache(join(process.cwd(), "dist/vendor/pi-tui.cjs")).exports.tui;

const SAMPLES = [
  "plain ascii",
  "box ─── drawing │ and … ellipsis ↑12 ↓3",
  "émigré naïve café",
  "日本語のテキストと漢字",
  "emoji 😀 and 👍🏽 and 👨‍👩‍👧 family",
  "flags 🇩🇪🇫🇷 and keycap 1️⃣",
  "combining e\u0301 and a\u0308 marks",
  "hindi नमस्ते and thai สวัสดี",
  "zero\u200bwidth\u200djoiner",
  "\x1b[31mred ─ text\x1b[0m with 😀",
  "tab\tseparated\tcells",
];

const MARKDOWN = [
  "# Title\n\nSome **bold**, *italic*, `code` and ~~gone~~ text with a https://example.com/path，link.",
  "- one\n- two\n  1. nested\n\n> quoted 日本語の**強調**です\n\n```ts\nconst x = 1;\n```",
  "| a | b |\n|---|---|\n| 1 | 😀 |\n\n$$\nx^2 + y_1\n$$\n\nInline $\\alpha$ math.",
];

describe("the vendored pi-tui's text measuring", () => {
  it("renders Markdown as the library does, and its Marked class is marked's", () => {
    const theme = new Proxy({}, { get: (_, key) => (key === "codeBlockIndent" || key === "highlightCode" ? undefined : (text: string) => `<${String(key)}>${text}`) }) as library.MarkdownTheme;
    for (const text of MARKDOWN) {
      expect(new vendored.Markdown(text, 1, 0, theme).render(40), text).toEqual(new library.Markdown(text, 1, 0, theme).render(40));
    }
    const parser = new vendored.Marked();
    expect(parser).toBeInstanceOf(vendored.Marked);
    expect(parser.parse("**x**")).toBe("<p><strong>x</strong></p>\n");
  });

  it("answers widths, wrapping and truncation as the library does", () => {
    for (const sample of SAMPLES) {
      expect(vendored.visibleWidth(sample), sample).toBe(library.visibleWidth(sample));
      expect(vendored.truncateToWidth(sample, 12), sample).toBe(library.truncateToWidth(sample, 12));
      expect(vendored.wrapTextWithAnsi(sample, 9), sample).toEqual(library.wrapTextWithAnsi(sample, 9));
    }
  });

  it("cuts columns as the library does at every width", () => {
    for (const sample of SAMPLES) {
      for (let width = 1; width <= library.visibleWidth(sample); width += 3) {
        expect(vendored.sliceByColumn(sample, 2, width), `${sample} @${width}`).toBe(library.sliceByColumn(sample, 2, width));
        expect(vendored.wrapTextWithAnsi(sample, width), `${sample} @${width}`).toEqual(library.wrapTextWithAnsi(sample, width));
      }
    }
  });
});

describe("the vendored pi-tui's autocompletion, whose patterns it builds on first use", () => {
  const inputs = ["@no", "see @no", "見て（@no", "a,@no", "x@no", "/se", "cat ./no", "（./no"];

  it("suggests as the library does, after CJK punctuation and plain separators alike", async () => {
    const folder = mkdtempSync(join(tmpdir(), "pith-tui-complete-"));
    try {
      writeFileSync(join(folder, "note.txt"), "");
      const commands = [{ name: "settings", description: "Open settings" }];
      const ours = new vendored.CombinedAutocompleteProvider(commands, folder, null);
      const theirs = new library.CombinedAutocompleteProvider(commands, folder, null);
      for (const text of inputs) {
        const options = { signal: new AbortController().signal, force: false };
        const expected = await theirs.getSuggestions([text], 0, text.length, options);
        expect(await ours.getSuggestions([text], 0, text.length, options), text).toEqual(expected);
      }
      // the comparison is not of empty answers: a path after CJK punctuation completes
      expect(await ours.getSuggestions(["（./no"], 0, 5, { signal: new AbortController().signal })).toMatchObject({ items: [expect.objectContaining({ label: "note.txt" })] });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("an Editor opens its suggestions where the library's does", async () => {
    const tui = { requestRender: () => undefined, terminal: { rows: 30, columns: 100 } } as unknown as library.TUI;
    const identity = (text: string) => text;
    const theme = { borderColor: identity, selectList: { selectedPrefix: identity, selectedText: identity, description: identity, scrollInfo: identity, noMatch: identity } };
    for (const text of ["/se", "見て（@", "a @"]) {
      const opened = await Promise.all(
        [vendored, library].map(async (tuiLibrary) => {
          const asked: string[] = [];
          const editor = new tuiLibrary.Editor(tui, theme);
          editor.setAutocompleteProvider({
            getSuggestions: async (lines: string[]) => (asked.push(lines[0]!), { items: [{ value: "x", label: "x" }], prefix: "" }),
            applyCompletion: (lines: string[], cursorLine: number, cursorCol: number) => ({ lines, cursorLine, cursorCol }),
          });
          for (const character of text) editor.handleInput(character);
          await vi.waitFor(() => expect(editor.isShowingAutocomplete()).toBe(true), { timeout: 5000 });
          return asked.at(-1);
        }),
      );
      expect(opened[0], text).toBe(opened[1]);
    }
  });
});
