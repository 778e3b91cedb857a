// Code coloured by language for the terminal, with highlight.js (pi colours code with it too), in the theme's
// syntax colours. The library is loaded on the first code to colour: until it is there, code comes back in the
// code block colour, and the callers told by `onHighlighterLoaded` draw again.
import type { HLJSApi, LanguageFn } from "highlight.js";

/** what colouring needs of a theme: pi's `Theme` and pith's terminal theme both have it */
export interface CodeTheme {
  fg(token: string, text: string): string;
  bold(text: string): string;
  italic(text: string): string;
}

let library: HLJSApi | undefined;
let loading: Promise<void> | undefined;
const waiting = new Set<() => void>();

// highlight.js's common languages, and those of pi's file types it leaves out
const EXTRA_LANGUAGES: Readonly<Record<string, () => Promise<LanguageModule>>> = {
  clojure: () => import("highlight.js/lib/languages/clojure"),
  cmake: () => import("highlight.js/lib/languages/cmake"),
  dart: () => import("highlight.js/lib/languages/dart"),
  dockerfile: () => import("highlight.js/lib/languages/dockerfile"),
  elixir: () => import("highlight.js/lib/languages/elixir"),
  erlang: () => import("highlight.js/lib/languages/erlang"),
  groovy: () => import("highlight.js/lib/languages/groovy"),
  haskell: () => import("highlight.js/lib/languages/haskell"),
  nix: () => import("highlight.js/lib/languages/nix"),
  ocaml: () => import("highlight.js/lib/languages/ocaml"),
  powershell: () => import("highlight.js/lib/languages/powershell"),
  protobuf: () => import("highlight.js/lib/languages/protobuf"),
  scala: () => import("highlight.js/lib/languages/scala"),
  vim: () => import("highlight.js/lib/languages/vim"),
};

// A language file is CommonJS (`module.exports = fn`): imported as an ES module its `default` is the function; from
// the CLI's vendor bundle (build/vendor-modules.mjs) `default` is the namespace that holds it.
type LanguageModule = { default: LanguageFn | { default: LanguageFn } };
const languageOf = (module: LanguageModule): LanguageFn => (typeof module.default === "function" ? module.default : module.default.default);

/** Loads highlight.js once; a failure leaves code uncoloured, never breaks drawing. */
export function loadHighlighter(): Promise<void> {
  loading ??= (async () => {
    const [common, ...languages] = await Promise.all([
      // the named export: the same object either way (see LanguageModule)
      import("highlight.js/lib/common") as Promise<unknown> as Promise<{ HighlightJS: HLJSApi }>,
      ...Object.values(EXTRA_LANGUAGES).map((load) => load()),
    ]);
    const hljs = common.HighlightJS;
    Object.keys(EXTRA_LANGUAGES).forEach((name, index) => hljs.registerLanguage(name, languageOf(languages[index] as LanguageModule)));
    library = hljs;
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

/** whether highlight.js knows `lang` (false until it is loaded) */
export function supportsLanguage(lang: string): boolean {
  return !!library?.getLanguage(lang);
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
