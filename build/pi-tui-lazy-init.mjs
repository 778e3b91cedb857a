// Work pi-tui does when it loads that a first frame does not need; every interactive run paid it before drawing:
// - its text measuring (dist/utils.js) builds two Intl.Segmenters and six regular expressions over Unicode
//   properties (`v` flag): ICU's break-iterator data and \p{RGI_Emoji} alone were ~60% of the library's load, for a
//   frame of ASCII and box-drawing characters that needs none of them;
// - its Markdown component (dist/components/markdown.js) loads marked and marked-cjk-friendly, which build their
//   grammars (a few hundred regular expressions) when they load, before any Markdown is shown;
// - its render scheduling (dist/tui.js) reads the clock through node:perf_hooks, which Node 20 loads (with its user
//   timing) at the first frame; process.hrtime gives the same milliseconds, as kernel/stopwatch.ts does.
// - its autocompletion's CJK-aware patterns (dist/utils.js, dist/autocomplete.js, dist/components/editor.js): each is
//   a new RegExp over the text of the one before, with Unicode script classes that V8 parses at construction
//   (~3 ms), and every Editor builds its trigger pattern from them when it is made and when it is given an
//   autocompletion provider, before anyone types.
// For the vendor bundle this plugin rewrites those declarations so that each is built on first use: a grapheme
// segmentation of characters that no grapheme rule joins (pi-tui's own isStandaloneGraphemeRun) is answered one
// character per segment without ICU, as pi-tui's own fast paths do; the Markdown parser is made at its first use,
// and the `Marked` class pi-tui re-exports loads marked when first touched. The build fails if pi-tui's source no
// longer has what is rewritten, so an upgrade cannot silently drop this.

const UTILS = /[/\\]@earendil-works[/\\]pi-tui[/\\]dist[/\\]utils\.js$/;
const MARKDOWN = /[/\\]@earendil-works[/\\]pi-tui[/\\]dist[/\\]components[/\\]markdown\.js$/;
const INDEX = /[/\\]@earendil-works[/\\]pi-tui[/\\]dist[/\\]index\.js$/;
const TUI = /[/\\]@earendil-works[/\\]pi-tui[/\\]dist[/\\]tui\.js$/;
const AUTOCOMPLETE = /[/\\]@earendil-works[/\\]pi-tui[/\\]dist[/\\]autocomplete\.js$/;
const EDITOR = /[/\\]@earendil-works[/\\]pi-tui[/\\]dist[/\\]components[/\\]editor\.js$/;

const SEGMENTER = /^const (graphemeSegmenter|wordSegmenter) = new Intl\.Segmenter\(undefined, \{ granularity: "(grapheme|word)" \}\);$/gm;
const UNICODE_REGEX = /^const (\w+Regex) = (\/.+\/v);$/gm;
const EXPECTED = { segmenters: 2, regexes: 6 };

// Plain functions (no closures over the module's state) so the code cache keeps them small.
const HELPERS = `
function __pithLazySegmenter(granularity) {
  let real;
  const make = () => (real ??= new Intl.Segmenter(undefined, { granularity }));
  return {
    segment(text) {
      if (granularity !== "grapheme" || !isStandaloneGraphemeRun(text)) return make().segment(text);
      return Array.from(text, (segment, index) => ({ segment, index, input: text }));
    },
    resolvedOptions: () => make().resolvedOptions(),
  };
}
export function __pithLazyRegExp(build) {
  let real;
  const regex = () => (real ??= build());
  return {
    test: (text) => regex().test(text),
    exec: (text) => regex().exec(text),
    [Symbol.replace]: (text, replacement) => text.replace(regex(), replacement),
    [Symbol.match]: (text) => text.match(regex()),
    [Symbol.search]: (text) => text.search(regex()),
    [Symbol.split]: (text, limit) => text.split(regex(), limit),
    get source() { return regex().source; },
    get flags() { return regex().flags; },
  };
}
`;

/** The rewritten source of pi-tui's utils.js; throws when it does not have the expected declarations. */
export function lazyUtilsSource(source) {
  let segmenters = 0;
  let regexes = 0;
  const rewritten = source
    .replace(SEGMENTER, (_, name, granularity) => {
      segmenters++;
      return `const ${name} = __pithLazySegmenter("${granularity}");`;
    })
    .replace(UNICODE_REGEX, (_, name, literal) => {
      regexes++;
      return `const ${name} = __pithLazyRegExp(() => ${literal});`;
    });
  if (segmenters !== EXPECTED.segmenters || regexes !== EXPECTED.regexes) {
    throw new Error(`pi-tui's dist/utils.js changed: found ${segmenters} segmenters and ${regexes} Unicode regular expressions to build lazily, expected ${EXPECTED.segmenters} and ${EXPECTED.regexes}; update build/pi-tui-lazy-init.mjs`);
  }
  let text = rewritten;
  for (const name of AUTOCOMPLETE_REGEXES) text = lazyDeclaration(text, `export const ${name} = `, "dist/utils.js");
  return `${text}\n${HELPERS}`;
}

// utils.js's patterns that build on each other's `source`; made on first use, each makes the ones it names then
const AUTOCOMPLETE_REGEXES = ["cjkPunctuationRegex", "autocompleteSeparatorRegex", "autocompleteBoundaryRegex"];

/** `declaration` (up to its "= ") of a one-line `new RegExp(...)`, built on first use; throws when it is not there once */
function lazyDeclaration(text, declaration, file) {
  const start = text.indexOf(declaration);
  const end = text.indexOf(";\n", start);
  const value = text.slice(start + declaration.length, end);
  if (start === -1 || text.indexOf(declaration, start + 1) !== -1 || !value.startsWith("new RegExp(") || value.includes("\n")) {
    throw new Error(`pi-tui's ${file} changed: ${JSON.stringify(declaration)} is not one \`new RegExp(...)\` line; update build/pi-tui-lazy-init.mjs`);
  }
  return `${text.slice(0, start + declaration.length)}__pithLazyRegExp(() => ${value})${text.slice(end)}`;
}

/** pi-tui's autocomplete.js with its token start pattern made on first use */
export function lazyAutocompleteSource(source) {
  const file = "dist/autocomplete.js";
  const text = replaceOnce(source, 'import { autocompleteBoundaryRegex, autocompleteSeparatorRegex } from "./utils.js";', 'import { __pithLazyRegExp, autocompleteBoundaryRegex, autocompleteSeparatorRegex } from "./utils.js";', file);
  return lazyDeclaration(text, "const tokenStartRegex = ", file);
}

/** pi-tui's components/editor.js with its autocompletion patterns, and each Editor's trigger and debounce patterns, made on first use */
export function lazyEditorSource(source) {
  const file = "dist/components/editor.js";
  let text = replaceOnce(source, "import { autocompleteBoundaryRegex, ", "import { __pithLazyRegExp, autocompleteBoundaryRegex, ", file);
  text = lazyDeclaration(text, "const unquotedAutocompleteSuffixRegex = ", file);
  // a string only ever put into templates: an object that spells it when it is
  text = replaceOnce(text, "const autocompleteTokenStartSource = `${autocompleteBoundaryRegex.source}[([{<\\`]*`;", "const autocompleteTokenStartSource = { toString: () => `${autocompleteBoundaryRegex.source}[([{<\\`]*` };", file);
  // the Editor only ever calls .test on them
  text = replaceOnce(text, "    autocompleteTriggerPattern = buildTriggerPattern(this.autocompleteTriggerCharacters);", "    autocompleteTriggerPattern = __pithLazyRegExp(() => buildTriggerPattern(this.autocompleteTriggerCharacters));", file);
  text = replaceOnce(text, "    autocompleteDebouncePattern = buildDebouncePattern(this.autocompleteTriggerCharacters);", "    autocompleteDebouncePattern = __pithLazyRegExp(() => buildDebouncePattern(this.autocompleteTriggerCharacters));", file);
  // and again when an autocompletion provider is set, which the UI does before its first frame
  text = replaceOnce(text, "        this.autocompleteTriggerPattern = buildTriggerPattern(next);", "        this.autocompleteTriggerPattern = __pithLazyRegExp(() => buildTriggerPattern(next));", file);
  return replaceOnce(text, "        this.autocompleteDebouncePattern = buildDebouncePattern(next);", "        this.autocompleteDebouncePattern = __pithLazyRegExp(() => buildDebouncePattern(next));", file);
}

/** `text` with `from` replaced by `to`, exactly once; throws when `from` is not there exactly once */
function replaceOnce(text, from, to, file) {
  const at = text.indexOf(from);
  if (at === -1 || text.indexOf(from, at + 1) !== -1) {
    throw new Error(`pi-tui's ${file} changed: ${JSON.stringify(from.slice(0, 60))} is not there exactly once; update build/pi-tui-lazy-init.mjs`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

const MARKED_IMPORTS = 'import { Marked, Tokenizer } from "marked";\nimport markedCjkFriendly from "marked-cjk-friendly";\n';
const TOKENIZER_CLASS = "class MarkdownTokenizer extends Tokenizer {\n";
const PARSER = "const markdownParser = new Marked();\n";
const PARSER_END = "    extensions: [...LATEX_MARKDOWN_EXTENSIONS],\n});\n";

/** pi-tui's components/markdown.js with marked loaded and its parser made at the first Markdown render */
export function lazyMarkdownSource(source) {
  const file = "dist/components/markdown.js";
  let text = replaceOnce(source, MARKED_IMPORTS, "", file);
  // the tokenizer class extends marked's: it becomes a function of marked's Tokenizer, called with the parser
  const classStart = text.indexOf(TOKENIZER_CLASS);
  const classEnd = text.indexOf("\n}\n", classStart);
  if (classStart === -1 || classEnd === -1) throw new Error(`pi-tui's ${file} changed: no MarkdownTokenizer class; update build/pi-tui-lazy-init.mjs`);
  text = `${text.slice(0, classStart)}const __pithMarkdownTokenizer = (Tokenizer) => ${text.slice(classStart, classEnd)}\n};\n${text.slice(classEnd + 3)}`;
  const parserStart = text.indexOf(PARSER);
  const parserEnd = text.indexOf(PARSER_END, parserStart);
  if (parserStart === -1 || parserEnd === -1) throw new Error(`pi-tui's ${file} changed: no markdownParser set-up; update build/pi-tui-lazy-init.mjs`);
  const setup = text.slice(parserStart, parserEnd + PARSER_END.length);
  text = `${text.slice(0, parserStart)}let __pithParser;
function __pithMarkdownParser() {
  if (__pithParser) return __pithParser;
  const { Marked, Tokenizer } = require("marked");
  const markedCjkFriendly = require("marked-cjk-friendly").default;
  const MarkdownTokenizer = __pithMarkdownTokenizer(Tokenizer);
  ${setup}  return (__pithParser = markdownParser);
}
export const __pithLazyMarked = __pithLazyClass(() => require("marked").Marked);
${text.slice(parserEnd + PARSER_END.length)}`;
  text = replaceOnce(text, "markdownParser.lexer(", "__pithMarkdownParser().lexer(", file);
  return `${text}\n${LAZY_CLASS}`;
}

// A stand-in for a class that loads it on first use: `new`, `extends`, `instanceof` and statics reach the real one.
const LAZY_CLASS = `
function __pithLazyClass(load) {
  let real;
  const target = () => (real ??= load());
  const stand = new Proxy(function () {}, {
    construct: (_, args, newTarget) => Reflect.construct(target(), args, newTarget === stand ? target() : newTarget),
    apply: (_, self, args) => Reflect.apply(target(), self, args),
    get: (_, key) => (key === "prototype" ? target().prototype : Reflect.get(target(), key)),
    has: (_, key) => key in target(),
  });
  return stand;
}
`;

/** pi-tui's index.js re-exporting the lazy `Marked` in place of marked's own */
export function lazyIndexSource(source) {
  return replaceOnce(source, 'export { Marked } from "marked";', 'export { __pithLazyMarked as Marked } from "./components/markdown.js";', "dist/index.js");
}

/** pi-tui's tui.js timing its frames with process.hrtime instead of node:perf_hooks */
export function hrtimeTuiSource(source) {
  return replaceOnce(source, 'import { performance } from "node:perf_hooks";', "const performance = { now: () => Number(process.hrtime.bigint()) / 1e6 };", "dist/tui.js");
}

const REWRITES = [
  [TUI, hrtimeTuiSource],
  [UTILS, lazyUtilsSource],
  [AUTOCOMPLETE, lazyAutocompleteSource],
  [EDITOR, lazyEditorSource],
  [MARKDOWN, lazyMarkdownSource],
  [INDEX, lazyIndexSource],
];

/** esbuild plugin for the pi-tui vendor bundle */
export const piTuiLazyInit = {
  name: "pi-tui-lazy-init",
  setup(build) {
    for (const [filter, rewrite] of REWRITES) {
      build.onLoad({ filter }, async (args) => {
        const { readFile } = await import("node:fs/promises");
        return { contents: rewrite(await readFile(args.path, "utf8")), loader: "js" };
      });
    }
  },
};
