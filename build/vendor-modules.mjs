// Libraries the CLI bundle leaves to bundles of their own under dist/vendor/, loaded the first time a run imports
// them. Node 20 keeps every top-level binding of a CommonJS bundle that some function uses in the bundle
// function's context, and V8's code cache records each of them whether or not a run calls that code: TypeBox (served
// to extensions), yaml (front matter) and the provider SDKs a run does not use were ~0.6 MB of the CLI's 1.75 MB
// code cache, deserialized by every run. Only leaf libraries belong here: pith checks what they return and throw
// by shape, never with `instanceof` against its own copy.

/**
 * dist/vendor/<file>: each export stands for one package entry point, as its whole namespace or, with `names`, only
 * the names pith imports (the Anthropic SDK's unused resources then stay out: 460 KB -> 130 KB; a name not listed
 * is undefined in the CLI, so list every name the importing file takes; `callsOnly`: every name is a function pith
 * only calls, and the bundle loads on the first call, not when an importing module initialises). `moduleUrl`: the
 * package reads `import.meta.url`, which becomes the bundle file's URL. `escapeRegexText`: non-ASCII characters esbuild leaves in
 * regular expression literals are escaped after the build. `webGlobals`:
 * built with the CLI's stand-ins for fetch's globals (lib/http/web-globals.ts), as the SDKs touch
 * them on every request.
 */
export const VENDOR_BUNDLES = {
  "typebox.cjs": { entries: { typebox: "typebox", compile: "typebox/compile", value: "typebox/value" } },
  "yaml.cjs": { entries: { yaml: "yaml" } },
  // the edit tool's line diff, loaded on the first edit; its word diff, for the edit rows a terminal UI draws (loaded
  // by the first diff drawn, not with the rows' modules before the first frame)
  "diff.cjs": { entries: { diff: { from: "diff", names: ["diffArrays", "diffWords"], callsOnly: true } } },
  // JSON with comments and trailing commas (lib/json/json-text.ts), loaded by the first file JSON.parse rejects: its
  // formatter's tables (some 1,200 strings of spaces and tabs) were built at every start, before an interactive run's
  // first frame too
  "jsonc.cjs": { entries: { jsonc: { from: "jsonc-parser", names: ["parse", "printParseErrorCode", "visit"], callsOnly: true } } },
  // pi's lock on shared files (lib/lock/file-lock.ts), loaded on the first settings or trust write
  "lockfile.cjs": { entries: { lockfile: { from: "proper-lockfile", names: ["lock"] } } },
  "anthropic.cjs": {
    entries: {
      client: { from: "@anthropic-ai/sdk/client", names: ["BaseAnthropic"] },
      messages: { from: "@anthropic-ai/sdk/resources/messages/messages", names: ["Messages"] },
    },
    webGlobals: true,
  },
  "openai.cjs": { entries: { openai: "openai" }, webGlobals: true },
  // Amazon Bedrock (plugins/provider-bedrock): the AWS SDK's runtime client, its credential chain and node:http handler
  "bedrock.cjs": {
    entries: {
      runtime: { from: "@aws-sdk/client-bedrock-runtime", names: ["BedrockRuntimeClient", "ConverseStreamCommand"] },
      http: { from: "@smithy/node-http-handler", names: ["NodeHttpHandler"] },
    },
  },
  // Gemini and Vertex AI (plugins/provider-google): Google's Gen AI SDK with its auth library (service accounts,
  // gcloud user credentials, workload identity, the GCE metadata server)
  "google.cjs": { entries: { genai: { from: "@google/genai", names: ["GoogleGenAI", "ResourceScope"] } }, webGlobals: true, escapeRegexText: true },
  // MCP servers (plugins/mcp/servers/sdk-modules.ts): Node's own fetch and web streams, which the HTTP transport reads
  // server-sent events with; only runs that connect to an MCP server load it.
  "mcp.cjs": {
    entries: {
      client: { from: "@modelcontextprotocol/sdk/client/index.js", names: ["Client"] },
      http: { from: "@modelcontextprotocol/sdk/client/streamableHttp.js", names: ["StreamableHTTPClientTransport"] },
      stdio: { from: "@modelcontextprotocol/sdk/shared/stdio.js", names: ["ReadBuffer", "serializeMessage"] },
      types: { from: "@modelcontextprotocol/sdk/types.js", names: ["LoggingMessageNotificationSchema", "ToolListChangedNotificationSchema"] },
      auth: { from: "@modelcontextprotocol/sdk/client/auth.js", names: ["auth"] },
    },
  },
  // the WebSocket client of the ChatGPT backend's default transport (plugins/provider-openai/codex), loaded by the
  // first Codex request that goes over a WebSocket
  "ws.cjs": { entries: { ws: { from: "ws", names: ["WebSocket"] } } },
  // the codemode sandbox's QuickJS engine (lib/codemode/sandbox.ts), loaded by the first codemode script
  "quickjs.cjs": { entries: { quickjs: { from: "quickjs-wasi", names: ["QuickJS"] } } },
  // Markdown for the HTML export (plugins/export), loaded only by an export
  "marked.cjs": { entries: { marked: { from: "marked", names: ["Marked"] } } },
  // code colouring (lib/ui/syntax-highlight.ts): highlight.js with every language it has, as pi colours code, loaded
  // by the first code a terminal UI draws or an export writes
  "highlight.cjs": { entries: { all: "highlight.js/lib/index.js" } },
  // the interactive UI's library; it finds its native helpers next to its own file (`import.meta.url`); its text
  // measuring builds ICU segmenters and Unicode regular expressions on first use (build/pi-tui-lazy-init.mjs)
  "pi-tui.cjs": { entries: { tui: "@earendil-works/pi-tui" }, moduleUrl: true, escapeRegexText: true, lazyUnicode: true },
};

const entrySpecifier = (entry) => (typeof entry === "string" ? entry : entry.from);
const specifiers = new Map(
  Object.entries(VENDOR_BUNDLES).flatMap(([file, { entries }]) =>
    Object.entries(entries).map(([key, entry]) => [entrySpecifier(entry), `${file}#${key}`]),
  ),
);
/** the names of `callsOnly` entries, by specifier */
const calledNames = new Map(
  Object.values(VENDOR_BUNDLES).flatMap(({ entries }) =>
    Object.values(entries)
      .filter((entry) => typeof entry !== "string" && entry.callsOnly)
      .map((entry) => [entry.from, entry.names]),
  ),
);

/** A stand-in whose functions require the vendor bundle when first called. */
function callingStandIn(id, names) {
  const calls = names.map((name) => `export const ${name} = (...args) => load().${name}(...args);`);
  return [`let loaded;`, `const load = () => (loaded ??= require(${id}));`, ...calls, `export default { ${names.join(", ")} };`].join("\n");
}
const NAMESPACE = "pith-vendor";

/**
 * For the CLI build: an import of a vendored package becomes a module that requires `pith-vendor:<file>#<export>`,
 * which bin/bundle-require.cjs answers from dist/vendor/. esbuild then initialises it lazily like any other module,
 * so nothing loads before the import runs. Import a vendored package's named exports; a default import is the whole
 * namespace (as Node gives for a CommonJS module). The module is an ES module re-exporting the namespace with
 * `export *`: its names are copied onto one object once, where a CommonJS module would be copied by esbuild's
 * interop into every importing module (pi-tui's ninety names, for each of the UI's fifty-odd files, at start-up);
 * naming each export instead would put them all back into the CLI bundle's context.
 */
export const vendorModules = {
  name: "vendor-modules",
  setup(build) {
    const filter = new RegExp(`^(${[...specifiers.keys()].map((name) => name.replace(/[/]/g, "\\/")).join("|")})$`);
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: NAMESPACE }));
    build.onResolve({ filter: /^pith-vendor:/ }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
      const id = JSON.stringify(`pith-vendor:${specifiers.get(args.path)}`);
      const names = calledNames.get(args.path);
      return { contents: names ? callingStandIn(id, names) : `export * from ${id};\nconst whole = require(${id});\nexport default whole;`, loader: "js" };
    });
  },
};

/** The vendor bundles' esbuild entry points, as generated sources. */
export function vendorEntries() {
  return Object.entries(VENDOR_BUNDLES).map(([file, { entries, webGlobals = false, moduleUrl = false, escapeRegexText = false, lazyUnicode = false }]) => ({
    file,
    escapeRegexText,
    lazyUnicode,
    webGlobals,
    moduleUrl,
    contents: Object.entries(entries)
      .map(([key, entry]) => {
        if (typeof entry === "string") return `export * as ${key} from ${JSON.stringify(entry)};`;
        const locals = entry.names.map((name) => `${name} as ${key}_${name}`).join(", ");
        const members = entry.names.map((name) => `${name}: ${key}_${name}`).join(", ");
        return `import { ${locals} } from ${JSON.stringify(entry.from)};\nexport const ${key} = { ${members} };`;
      })
      .join("\n"),
  }));
}
