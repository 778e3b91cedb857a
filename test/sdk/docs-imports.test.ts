// The code in docs/*.md imports pith only through the package's exported subpaths (`pith`, `pith/kernel`,
// `pith/testing`, `pith/provider-kit`, `pith/plugins/<name>`), and every name it imports exists there: each block's
// import declarations are compiled against the sources, as a package user's compiler would resolve them.
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

  it("imports only names those subpaths export", { timeout: 180_000 }, () => {
    const configFile = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
    const virtual = new Map(
      imports
        .filter((line) => /^pith(\/|$)/.test(line.specifier))
        .map((line, index) => [join(DOCS, `__import_${index}.ts`), `// ${line.doc}\n${line.text}\nexport {};\n`]),
    );
    const host = ts.createCompilerHost({ ...options, noEmit: true });
    const { getSourceFile, fileExists, readFile } = host;
    host.fileExists = (file) => virtual.has(file) || fileExists(file);
    host.readFile = (file) => virtual.get(file) ?? readFile(file);
    host.getSourceFile = (file, language, ...rest) =>
      virtual.has(file) ? ts.createSourceFile(file, virtual.get(file)!, language) : getSourceFile(file, language, ...rest);
    const program = ts.createProgram({ rootNames: [...virtual.keys()], options: { ...options, noEmit: true, noUnusedLocals: false }, host });
    const problems = [...virtual.keys()].flatMap((file) =>
      program.getSemanticDiagnostics(program.getSourceFile(file)).map((diagnostic) => `${virtual.get(file)!.split("\n")[0]}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`),
    );
    expect(problems).toEqual([]);
  });
});
