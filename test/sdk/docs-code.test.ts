// The code in docs/ compiles against pith's public entry points, so the documentation cannot drift from the API:
// every TypeScript block in docs/*.md (after its prelude) and every import line of the JavaScript ones, and the
// complete programs in docs/examples. Imports go only through the package's exported subpaths (`pith`,
// `pith/kernel`, `pith/testing`, `pith/provider-kit`, `pith/plugins/<name>`).
//
// One TypeScript program checks all of it against the declarations the package publishes (dist/types, which the
// build writes and `npm test` brings up to date): the subpaths resolve through package.json's `exports`, as in a
// user's project. `npm run typecheck` checks docs/examples against the sources as well. Errors are collected from
// the docs' files only.
// @long-running: type-checks every code example of docs/
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DOCS = join(ROOT, "docs");
const EXAMPLES = join(DOCS, "examples");
const exported = Object.keys((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, unknown> }).exports);

/** "declared but never read" and its kin: a fragment in the prose may name what it does not use. */
const UNUSED_DIAGNOSTICS = new Set([6133, 6138, 6192, 6196, 6198, 6199, 6205]);

interface ImportLine {
  doc: string;
  text: string;
  specifier: string;
}

interface CodeBlock {
  doc: string;
  line: number;
  prelude: string;
  code: string;
}

function markdownDocs(): Array<[doc: string, markdown: string]> {
  return readdirSync(DOCS)
    .filter((name) => name.endsWith(".md"))
    .map((doc) => [doc, readFileSync(join(DOCS, doc), "utf8")]);
}

function importsInDocs(): ImportLine[] {
  return markdownDocs().flatMap(([doc, markdown]) =>
    [...markdown.matchAll(/```(?:ts|typescript|js|javascript)\n([\s\S]*?)```/g)].flatMap(([, code]) =>
      [...code!.matchAll(/^import\s[^;]*?from\s+"([^"]+)";?$/gm)].map(([text, specifier]) => ({ doc, text: text!, specifier: specifier! })),
    ),
  );
}

function typescriptBlocks(): CodeBlock[] {
  return markdownDocs().flatMap(([doc, markdown]) =>
    [...markdown.matchAll(/(?:<!-- prelude:([\s\S]*?)-->\n)?```(?:ts|typescript)\n([\s\S]*?)```/g)].map((match) => ({
      doc,
      line: markdown.slice(0, match.index).split("\n").length,
      prelude: match[1]?.trim() ?? "",
      code: match[2]!,
    })),
  );
}

/** Whether the package's `exports` offers `specifier` (`pith/plugins/tools` through `./plugins/*`). */
function isExported(specifier: string): boolean {
  const subpath = `.${specifier.slice("pith".length)}`;
  return exported.some((key) => key === subpath || (key.endsWith("/*") && subpath.startsWith(key.slice(0, -1)) && !subpath.slice(key.length - 1).includes("/")));
}

function typescriptFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".ts") && !name.startsWith("__"))
    .map((name) => join(folder, name));
}

function compilerOptions(): ts.CompilerOptions {
  const configFile = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  // Without tsconfig's paths `pith/...` resolves through the package's own exports; without its outDir TypeScript
  // does not map those declarations back to the sources. The sources would bring every provider SDK's types into
  // the program, the declarations only what the public API names.
  const { paths: _paths, outDir: _outDir, declaration: _declaration, ...published } = options;
  return { ...published, noEmit: true };
}

/** Type errors per file of `rootNames`, and every file the program read; `virtual` holds the generated files (path → source). */
function typeErrors(rootNames: string[], virtual: Map<string, string>): { errors: Map<string, ts.Diagnostic[]>; read: string[] } {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  // As tsc itself does: JSDoc in TypeScript files is parsed only where it can produce an error (`@see`, `@link`).
  // The declarations the docs reach (pi's, the provider SDKs', Node's) are mostly JSDoc, and parsing it all would
  // be most of the program's parse time for nothing a type check reads.
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists(file);
  host.readFile = (file) => virtual.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) =>
    virtual.has(file) ? ts.createSourceFile(file, virtual.get(file)!, language) : getSourceFile(file, language, ...rest);
  const program = ts.createProgram({ rootNames, options, host });
  const errors = new Map<string, ts.Diagnostic[]>([["", [...program.getGlobalDiagnostics(), ...program.getOptionsDiagnostics()]]]);
  // Only the docs' own files: the build type-checks pith's sources (tsc writes the declarations), and checking them
  // here again would cost the suite most of this file's time.
  for (const fileName of rootNames) {
    const source = program.getSourceFile(fileName);
    if (source === undefined) throw new Error(`docs-code: ${fileName} is not in the program`);
    const found = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    if (found.length > 0) errors.set(source.fileName, found);
  }
  return { errors, read: program.getSourceFiles().map((source) => source.fileName) };
}

const message = (diagnostic: ts.Diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");

describe("docs code", () => {
  const imports = importsInDocs();

  it("imports pith only through the package's exported subpaths", () => {
    expect(imports.filter((line) => /^pith(\/|$)/.test(line.specifier)).length).toBeGreaterThan(5);
    // relative imports only of an example's own neighbour (`./word-count-plugin.js`), never into pith's folders
    const wrong = imports.filter((line) =>
      line.specifier.startsWith(".") ? !/^\.\/[\w-]+\.js$/.test(line.specifier) : /^pith(\/|$)/.test(line.specifier) && !isExported(line.specifier),
    );
    expect(wrong.map((line) => `${line.doc}: ${line.text}`)).toEqual([]);
  });

  it("compiles the docs' TypeScript blocks, their imports and docs/examples in one program", { timeout: 300_000 }, () => {
    const examples = typescriptFiles(EXAMPLES);
    expect(examples.map((file) => file.slice(EXAMPLES.length + 1)).sort()).toEqual([
      "custom-compactor.ts",
      "custom-distribution/acme.ts",
      "custom-model-and-provider.ts",
      "custom-tools.ts",
      "minimal-session.ts",
      "sessions.ts",
      "skills-and-templates.ts",
      "word-count-plugin.ts",
    ]);
    const blocks = typescriptBlocks();
    expect(blocks.length).toBeGreaterThan(20);
    // beside docs/examples, so `./word-count-plugin.js` is the example the text shows
    const file = (name: string) => join(EXAMPLES, `__${name}.ts`);
    const pithImports = imports.filter((line) => /^pith(\/|$)/.test(line.specifier));
    const virtual = new Map([
      ...blocks.map((block, index) => [file(`block_${index}`), `${block.prelude}\n${block.code}\nexport {};\n`] as const),
      ...pithImports.map((line, index) => [file(`import_${index}`), `${line.text}\nexport {};\n`] as const),
    ]);
    const names = new Map([
      ...blocks.map((block, index) => [file(`block_${index}`), `${block.doc}:${block.line}`] as const),
      ...pithImports.map((line, index) => [file(`import_${index}`), `${line.doc}: ${line.text}`] as const),
    ]);
    const { errors, read } = typeErrors([...examples, ...virtual.keys()], virtual);
    // the published declarations, never pith's sources
    expect(read).toContain(join(ROOT, "dist/types/sdk/index.d.ts"));
    expect(read.filter((fileName) => /^(kernel|lib|plugins|sdk)\/.*\.ts$/.test(fileName.slice(ROOT.length)))).toEqual([]);
    const problems = [...errors].flatMap(([fileName, diagnostics]) => {
      const fromProse = virtual.has(fileName);
      return diagnostics
        .filter((diagnostic) => !(fromProse && UNUSED_DIAGNOSTICS.has(diagnostic.code)))
        .map((diagnostic) => {
          if (fromProse) return `${names.get(fileName)}: ${message(diagnostic)}`;
          const line = diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1 : 0;
          return `${fileName.slice(ROOT.length)}:${line} ${message(diagnostic)}`;
        });
    });
    expect(problems).toEqual([]);
  });
});
