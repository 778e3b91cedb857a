// pi-tui's text measuring module (dist/utils.js) builds two Intl.Segmenters and six regular expressions over Unicode
// properties (`v` flag) when it loads. ICU's break-iterator data and \p{RGI_Emoji} alone were ~60% of the library's
// load time, and every interactive run paid it before its first frame, which draws mostly ASCII and box-drawing
// characters that need none of them. For the vendor bundle this plugin rewrites those declarations so that each is
// built on first use; a grapheme segmentation of characters that no grapheme rule joins (pi-tui's own
// isStandaloneGraphemeRun) is answered one character per segment without ICU, as pi-tui's own fast paths do.
// The build fails if pi-tui's source no longer has the declarations, so an upgrade cannot silently drop this.

const UTILS = /[/\\]@earendil-works[/\\]pi-tui[/\\]dist[/\\]utils\.js$/;

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
function __pithLazyRegExp(build) {
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
  return `${rewritten}\n${HELPERS}`;
}

/** esbuild plugin for the pi-tui vendor bundle */
export const piTuiLazyInit = {
  name: "pi-tui-lazy-init",
  setup(build) {
    build.onLoad({ filter: UTILS }, async (args) => {
      const { readFile } = await import("node:fs/promises");
      return { contents: lazyUtilsSource(await readFile(args.path, "utf8")), loader: "js" };
    });
  },
};
