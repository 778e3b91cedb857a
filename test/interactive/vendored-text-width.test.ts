// The vendored pi-tui (dist/vendor/pi-tui.cjs) builds its ICU segmenters, Unicode regular expressions and Markdown
// parser on first use (build/pi-tui-lazy-init.mjs), and answers runs of characters no grapheme rule joins without
// ICU. Its text measuring and Markdown must answer exactly as the library's own build does, for every kind of
// character the rewrite treats apart.
import { createRequire } from "node:module";
import { join } from "node:path";
import * as library from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";

type Tui = typeof library;
const vendored = (createRequire(import.meta.url)(join(process.cwd(), "dist/vendor/pi-tui.cjs")) as { tui: Tui }).tui;

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
