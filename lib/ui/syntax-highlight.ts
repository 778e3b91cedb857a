// Code coloured by language for the terminal, with highlight.js (pi 1.6.0 colours code with the same version), in the
// theme's syntax colours. The library is loaded on the first code to colour: until it is there, code comes back in
// the code block colour, and the callers told by `onHighlighterLoaded` draw again.
import type { Highlighter } from "highlight.js/lib/index.js";

/** what colouring needs of a theme: pi's `Theme` and pith's terminal theme both have it */
export interface CodeTheme {
  fg(token: string, text: string): string;
  bold(text: string): string;
  italic(text: string): string;
}

let library: Highlighter | undefined;
let loading: Promise<void> | undefined;
const waiting = new Set<() => void>();

/**
 * The library is CommonJS (`module.exports = hljs`): imported as an ES module its `default` is the library; from the
 * CLI's vendor bundle (build/vendor-modules.mjs) `default` is the namespace that holds it.
 */
type LibraryModule = { default: Highlighter | { default: Highlighter } };
const libraryOf = (module: LibraryModule): Highlighter => ("highlight" in module.default ? module.default : module.default.default);

/** Loads highlight.js once, with all its languages, as pi's; a failure leaves code uncoloured, never breaks drawing. */
export function loadHighlighter(): Promise<void> {
  loading ??= (async () => {
    library = libraryOf((await import("highlight.js/lib/index.js")) as LibraryModule);
    for (const done of [...waiting]) done();
    waiting.clear();
  })().catch(() => undefined);
  return loading;
}

/** `done` runs once highlight.js is loaded (at once if it is); for a UI to draw code again in colour */
export function onHighlighterLoaded(done: () => void): void {
  if (library) done();
  else waiting.add(done);
}

/**
 * pi's `highlightCode`: the lines of `code`, coloured as `lang` (a name or alias highlight.js knows). Without a known
 * language (pi does not guess one: guessing colours prose) or before the library is loaded, every line is in the
 * code block colour.
 */
export function highlightCode(code: string, lang: string | undefined, theme: CodeTheme): string[] {
  if (!library) void loadHighlighter();
  const known = lang && library?.getLanguage(lang) ? lang : undefined;
  if (!library || !known) return code.split("\n").map((line) => theme.fg("mdCodeBlock", line));
  try {
    return colourHtml(library.highlight(code, { language: known, ignoreIllegals: true }).value, scopeColours(theme));
  } catch {
    return code.split("\n").map((line) => theme.fg("mdCodeBlock", line));
  }
}

/**
 * `code` as highlight.js's HTML (text escaped, tokens in `<span class="hljs-…">`), for a page; undefined without a
 * known language or before the library is loaded (await `loadHighlighter()` first).
 */
export function highlightHtml(code: string, lang: string | undefined): string | undefined {
  if (!library || !lang || !library.getLanguage(lang)) return undefined;
  try {
    return library.highlight(code, { language: lang, ignoreIllegals: true }).value;
  } catch {
    return undefined;
  }
}

/** whether code in `lang` is coloured, or will be once highlight.js has loaded (true until it is known) */
export function mayColour(lang: string): boolean {
  return library ? !!library.getLanguage(lang) : true;
}

type Colour = (text: string) => string;

/** highlight.js scopes to theme colours, as pi maps them */
function scopeColours(theme: CodeTheme): Record<string, Colour> {
  const fg = (token: string) => (text: string) => theme.fg(token, text);
  return {
    default: fg("text"),
    keyword: fg("syntaxKeyword"),
    built_in: fg("syntaxType"),
    literal: fg("syntaxNumber"),
    number: fg("syntaxNumber"),
    regexp: fg("syntaxString"),
    string: fg("syntaxString"),
    subst: fg("text"),
    comment: fg("syntaxComment"),
    doctag: fg("syntaxComment"),
    meta: fg("muted"),
    function: fg("syntaxFunction"),
    title: fg("syntaxFunction"),
    class: fg("syntaxType"),
    type: fg("syntaxType"),
    tag: fg("syntaxPunctuation"),
    name: fg("syntaxKeyword"),
    attr: fg("syntaxVariable"),
    variable: fg("syntaxVariable"),
    params: fg("syntaxVariable"),
    operator: fg("syntaxOperator"),
    punctuation: fg("syntaxPunctuation"),
    emphasis: (text) => theme.italic(text),
    strong: (text) => theme.bold(text),
    addition: fg("toolDiffAdded"),
    deletion: fg("toolDiffRemoved"),
  };
}

const ENTITIES: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]!);
const TOKEN = /<span class="([^"]*)">|<\/span>|[^<]+/g;

/** highlight.js's HTML (spans with `hljs-<scope>` classes) as coloured lines; a scope's colour is its own or its parent's */
function colourHtml(html: string, colours: Record<string, Colour>): string[] {
  // the colour in force at each open span: its own, else the one around it
  const open: Colour[] = [];
  const lines: string[] = [""];
  const colourOf = (className: string): Colour | undefined => {
    const scope = className.split(/\s+/).find((name) => name.startsWith("hljs-"))?.slice(5);
    if (!scope) return undefined;
    return colours[scope] ?? colours[scope.split(/[.-]/)[0]!];
  };
  for (const [token, className] of html.matchAll(TOKEN)) {
    if (className !== undefined) open.push(colourOf(className) ?? open.at(-1) ?? colours.default!);
    else if (token === "</span>") open.pop();
    else {
      const colour = open.at(-1) ?? colours.default!;
      // colour each line on its own, so a line drawn alone keeps its colour
      decode(token)
        .split("\n")
        .forEach((part, index) => {
          if (index > 0) lines.push("");
          if (part) lines[lines.length - 1] += colour(part);
        });
    }
  }
  return lines;
}
