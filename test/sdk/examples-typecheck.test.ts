// The examples in docs/examples compile under the project's strict settings, against pith's public entry
// points (`pith`, `pith/kernel`, `pith/testing`), so the documentation cannot drift from the API. When the
// build's declarations (dist/types, written by `npm run build`) are newer than every source file, the check
// reads them, as a package user's compiler would, which is fast; otherwise it compiles the sources.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const EXAMPLES = join(ROOT, "docs", "examples");
const DECLARATIONS = join(ROOT, "dist", "types");

function typescriptFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(folder, name));
}

/** dist/types when it exists and no source changed after it was written. */
function currentDeclarations(): boolean {
  let written: number;
  try {
    written = statSync(join(DECLARATIONS, "sdk", "index.d.ts")).mtimeMs;
  } catch {
    return false;
  }
  const sources = ["kernel", "lib", "plugins", "sdk"].flatMap((folder) => typescriptFiles(join(ROOT, folder)));
  return sources.every((file) => statSync(file).mtimeMs <= written);
}

describe("docs/examples", () => {
  it("typecheck", { timeout: 180_000 }, () => {
    const configFile = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
    if (currentDeclarations()) {
      options.paths = {
        pith: [join(DECLARATIONS, "sdk", "index.d.ts")],
        "pith/kernel": [join(DECLARATIONS, "kernel", "index.d.ts")],
        "pith/testing": [join(DECLARATIONS, "sdk", "testing", "index.d.ts")],
        "pith/provider-kit": [join(DECLARATIONS, "lib", "provider-kit", "index.d.ts")],
        "pith/plugins/*": [join(DECLARATIONS, "plugins", "*", "index.d.ts")],
      };
    }
    const files = typescriptFiles(EXAMPLES);
    expect(files.map((file) => file.slice(EXAMPLES.length + 1)).sort()).toEqual([
      "custom-compactor.ts",
      "custom-distribution/acme.ts",
      "custom-model-and-provider.ts",
      "custom-tools.ts",
      "minimal-session.ts",
      "sessions.ts",
      "skills-and-templates.ts",
      "word-count-plugin.ts",
    ]);
    const program = ts.createProgram({ rootNames: files, options: { ...options, noEmit: true } });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const line = diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1 : 0;
      return `${diagnostic.file?.fileName.slice(ROOT.length) ?? ""}:${line} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
    });
    expect(problems).toEqual([]);
  });
});
