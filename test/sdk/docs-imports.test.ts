// The code in docs/*.md imports pith only through the package's exported subpaths (`pith`, `pith/kernel`,
// `pith/testing`, `pith/provider-kit`, `pith/plugins/<name>`), and every name it imports exists there; and every
// TypeScript block compiles whole against the sources, as a package user's compiler would resolve them. A block
// that is a fragment (a plugin's `context.on(...)` inside its setup) names what it assumes in an HTML comment
// just before it, `<!-- prelude: declare const context: PluginContext; -->`, which is compiled in front of it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DOCS = join(ROOT, "docs");
const exported = Object.keys((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, unknown> }).exports);

interface ImportLine {
  doc: string;
  text: string;
  specifier: string;
}

function importsInDocs(): ImportLine[] {
  const found: ImportLine[] = [];
  for (const doc of readdirSync(DOCS).filter((name) => name.endsWith(".md"))) {
    const markdown = readFileSync(join(DOCS, doc), "utf8");
    for (const [, code] of markdown.matchAll(/```(?:ts|typescript|js|javascript)\n([\s\S]*?)```/g)) {
      for (const [text, specifier] of code!.matchAll(/^import\s[^;]*?from\s+"([^"]+)";?$/gm)) found.push({ doc, text: text!, specifier: specifier! });
    }
  }
  return found;
}

/** Whether the package's `exports` offers `specifier` (`pith/plugins/tools` through `./plugins/*`). */
function isExported(specifier: string): boolean {
  const subpath = `.${specifier.slice("pith".length)}`;
  return exported.some((key) => key === subpath || (key.endsWith("/*") && subpath.startsWith(key.slice(0, -1)) && !subpath.slice(key.length - 1).includes("/")));
}

interface CodeBlock {
  doc: string;
  line: number;
  prelude: string;
  code: string;
}

function typescriptBlocks(): CodeBlock[] {
  const found: CodeBlock[] = [];
  for (const doc of readdirSync(DOCS).filter((name) => name.endsWith(".md"))) {
    const markdown = readFileSync(join(DOCS, doc), "utf8");
    for (const match of markdown.matchAll(/(?:<!-- prelude:([\s\S]*?)-->\n)?```(?:ts|typescript)\n([\s\S]*?)```/g)) {
      const line = markdown.slice(0, match.index).split("\n").length;
      found.push({ doc, line, prelude: match[1]?.trim() ?? "", code: match[2]! });
    }
  }
  return found;
}

/** Type errors of each file in `virtual` (path → source), compiled with the project's settings. */
function compileVirtual(virtual: Map<string, string>): Map<string, string[]> {
  const configFile = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  const host = ts.createCompilerHost({ ...options, noEmit: true });
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists(file);
  host.readFile = (file) => virtual.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) =>
    virtual.has(file) ? ts.createSourceFile(file, virtual.get(file)!, language) : getSourceFile(file, language, ...rest);
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options: { ...options, noEmit: true, noUnusedLocals: false }, host });
  return new Map(
    [...virtual.keys()].map((file) => {
      const source = program.getSourceFile(file);
      const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      return [file, diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))];
    }),
  );
}

describe("docs/*.md code", () => {
  const imports = importsInDocs();

  it("imports pith only through the package's exported subpaths", () => {
    expect(imports.filter((line) => /^pith(\/|$)/.test(line.specifier)).length).toBeGreaterThan(5);
    // relative imports only of an example's own neighbour (`./word-count-plugin.js`), never into pith's folders
    const wrong = imports.filter((line) =>
      line.specifier.startsWith(".") ? !/^\.\/[\w-]+\.js$/.test(line.specifier) : /^pith(\/|$)/.test(line.specifier) && !isExported(line.specifier),
    );
    expect(wrong.map((line) => `${line.doc}: ${line.text}`)).toEqual([]);
  });

  it("compiles every TypeScript block whole, after its prelude, and every import of the JavaScript ones", { timeout: 300_000 }, () => {
    const blocks = typescriptBlocks();
    expect(blocks.length).toBeGreaterThan(20);
    // beside docs/examples, so `./word-count-plugin.js` is the example the text shows
    const file = (name: string) => join(DOCS, "examples", `__${name}.ts`);
    const virtual = new Map([
      ...blocks.map((block, index) => [file(`block_${index}`), `${block.prelude}\n${block.code}\nexport {};\n`] as const),
      ...imports.filter((line) => /^pith(\/|$)/.test(line.specifier)).map((line, index) => [file(`import_${index}`), `${line.text}\nexport {};\n`] as const),
    ]);
    const names = new Map([
      ...blocks.map((block, index) => [file(`block_${index}`), `${block.doc}:${block.line}`] as const),
      ...imports.map((line, index) => [file(`import_${index}`), `${line.doc}: ${line.text}`] as const),
    ]);
    const problems = [...compileVirtual(virtual)].flatMap(([file, messages]) => messages.map((message) => `${names.get(file)}: ${message}`));
    expect(problems).toEqual([]);
  });
});
