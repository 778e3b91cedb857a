// jiti's transform done by esbuild, for installed packages: Babel (jiti's own) spends ~20 s of CPU on the 6 MB of
// TypeScript that the most-used pi packages ship, esbuild under 1 s, so a first start with such packages is not
// minutes long on a slow machine. The output keeps what jiti's Babel output promises: the module body runs as an
// async function with `jitiImport` (so served modules, ES-only packages and TypeScript load as for any file), static
// imports are awaited where they stand and read live (`import_x.name`), exports are live getters set up before the
// first import (so import cycles see functions at once and values once assigned), `import()` goes through jiti, and
// `import.meta` is the file's.
//
// Two esbuild passes: TypeScript to ES module JavaScript first, where es-module-lexer finds the imports exactly;
// each static import's specifier is then swapped for a marker, so that the require() the second pass (ES module to
// CommonJS) emits for it is told apart from any require() the file makes itself, and becomes `await jitiImport`.
// What esbuild cannot do as Babel does is left to Babel (`undefined`): top-level await (esbuild has it only in ES
// module output), decorators (jiti's are TypeScript's legacy ones with metadata), JSX, and any syntax error, so the
// message the user sees is the one they always got.
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";

type JitiTransformOptions = import("jiti").TransformOptions;

interface Esbuild {
  transformSync(source: string, options: Record<string, unknown>): { code: string };
}
interface Lexer {
  initSync(): void;
  parse(source: string): readonly [ReadonlyArray<{ n: string | undefined; t: number; s: number; e: number; ss: number; d: number }>, ...unknown[]];
}

const STATIC = 1;
const DYNAMIC = 2;
/** esbuild's helpers for TypeScript's decorators, which Babel also gives their type metadata */
const DECORATORS = /\b__decorate(Class|Param)\(/;
/**
 * A top-level declaration of a name jiti's CommonJS wrapper passes in (`const __dirname = ...`, common in ES modules)
 * would clash with that parameter; Babel's output keeps such a module working (pi's doom-overlay example does this).
 */
const WRAPPER_NAME_DECLARED = /^(?:export )?(?:const|let|var|function|class) (?:__dirname|__filename|require|module|exports)\b/m;
const DYNAMIC_IMPORT = "__pithDynamicImport";
const IMPORT_META = "__pithImportMeta";

let tools: { esbuild: Esbuild; lexer: Lexer } | undefined;
/** stands for a static import's specifier between the passes: no file can hold it, as no file can know it */
const MARKER = `__pith_import_${Math.random().toString(36).slice(2)}_`;
const MARKED_REQUIRE = new RegExp(`require\\("${MARKER}(\\d+)"\\)`, "g");
// esbuild's exports are getters of the module's bindings. Read before the binding is set (an import cycle, and jiti
// reads `default` as it hands a module out), such a getter throws where Babel's export is still undefined: undefined.
const EXPORT_GETTER = "__defProp(target, name, { get: all[name], enumerable: true });";
// esbuild's interop copies a module's members into a new object; jiti hands out a proxy whose members are not all its
// own (a CommonJS module's, read through its default), so default and namespace imports take Babel's interop instead.
const TO_ESM = /^var __toESM = \(mod, isNodeMode, target\) => [\s\S]*?\n\)\);\n/m;
const NAMESPACE = "__pithNamespace";
const SAFE_EXPORT_GETTER =
  "__defProp(target, name, { get: ((read) => () => { try { return read(); } catch (error) { if (error instanceof ReferenceError) return undefined; throw error; } })(all[name]), enumerable: true });";

/** The file compiled for jiti, or undefined when Babel must do it. */
export function esbuildTransform(options: JitiTransformOptions): string | undefined {
  const { source, filename } = options;
  if (!filename || options.jsx || /x$/.test(filename) || options.interopDefault === false) return undefined;
  tools ??= loadTools();
  const { esbuild, lexer } = tools;
  const target = `node${process.versions.node}`;
  let module: string;
  try {
    module = esbuild.transformSync(source.startsWith("#!") ? `//${source}` : source, {
      loader: options.ts ? "ts" : "js",
      format: "esm",
      target,
      sourcefile: filename,
      logLevel: "silent",
      define: importMetaDefines(filename),
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, experimentalDecorators: true } },
    }).code;
  } catch {
    return undefined;
  }
  if (DECORATORS.test(module) || WRAPPER_NAME_DECLARED.test(module)) return undefined;
  const [imports] = lexer.parse(module);
  const specifiers: string[] = [];
  let marked = "";
  let at = 0;
  for (const entry of imports) {
    if (entry.t === STATIC && entry.n !== undefined) {
      marked += `${module.slice(at, entry.s)}${MARKER}${specifiers.length}`;
      specifiers.push(entry.n);
      at = entry.e;
    } else if (entry.t === DYNAMIC) {
      marked += `${module.slice(at, entry.ss)}${DYNAMIC_IMPORT}`;
      at = entry.ss + "import".length;
    } else if (entry.t !== STATIC) {
      return undefined; // source and defer phase imports: Babel says what it makes of them
    }
  }
  marked += module.slice(at);
  let code: string;
  try {
    code = esbuild.transformSync(marked, { loader: "js", format: "cjs", platform: "node", target, sourcefile: filename, logLevel: "silent" }).code;
  } catch {
    return undefined; // top-level await
  }
  if (code.includes("__export(")) {
    if (!code.includes(EXPORT_GETTER)) return undefined; // another esbuild's helper: its getters may throw in a cycle
    code = code.replace(EXPORT_GETTER, SAFE_EXPORT_GETTER);
  }
  if (code.includes("__toESM(")) {
    if (!TO_ESM.test(code)) return undefined;
    code = code.replace(TO_ESM, `var __toESM = ${NAMESPACE};\n`);
  }
  const load = options.async ? "await jitiImport" : "require";
  code = code.replace(MARKED_REQUIRE, (_call, index: string) => `(${load}(${JSON.stringify(specifiers[Number(index)])}))`);
  return `"use strict";${prelude(code, filename)}${code}`;
}

function loadTools(): { esbuild: Esbuild; lexer: Lexer } {
  const require = createRequire(import.meta.url);
  const lexer = require("es-module-lexer") as Lexer;
  lexer.initSync();
  return { esbuild: require("esbuild") as Esbuild, lexer };
}

/** what jiti's Babel plugins make of `import.meta`, and the object itself where it is used whole */
function importMetaDefines(filename: string): Record<string, string> {
  return {
    "import.meta.url": JSON.stringify(pathToFileURL(filename).href),
    "import.meta.filename": JSON.stringify(filename),
    "import.meta.dirname": JSON.stringify(dirname(filename)),
    "import.meta.resolve": "jitiESMResolve",
    "import.meta.env": "process.env",
    "import.meta": IMPORT_META,
  };
}

/** the helpers the code uses */
function prelude(code: string, filename: string): string {
  let helpers = "";
  if (code.includes(NAMESPACE) || code.includes(DYNAMIC_IMPORT)) {
    // Babel's namespace interop: an ES module (jiti's proxy says it is one) as it is, anything else as `default`
    // beside its own members
    helpers += `const ${NAMESPACE}=(m)=>{if(m&&m.__esModule)return m;const n={__proto__:null,default:m};if(m!==null&&(typeof m==="object"||typeof m==="function"))for(const k of Object.keys(m))if(k!=="default")Object.defineProperty(n,k,Object.getOwnPropertyDescriptor(m,k));return n;};`;
  }
  if (code.includes(DYNAMIC_IMPORT)) helpers += `const ${DYNAMIC_IMPORT}=(s)=>jitiImport(s).then(${NAMESPACE});`;
  if (code.includes(IMPORT_META)) {
    helpers += `const ${IMPORT_META}={url:${JSON.stringify(pathToFileURL(filename).href)},filename:${JSON.stringify(filename)},dirname:${JSON.stringify(dirname(filename))},resolve:jitiESMResolve};`;
  }
  return helpers;
}
