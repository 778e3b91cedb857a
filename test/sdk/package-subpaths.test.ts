// A custom distribution imports built-ins through the package's subpaths: the built package (dist/, written by
// `npm run build`) answers every subpath of package.json's "exports" (each built-in plugin under `pith/plugins/<name>`)
// from a project that depends on it, with JavaScript and type declarations, and docs/sdk.md lists each one.
// @long-running: type-checks every package subpath against the built declarations
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const project = mkdtempSync(join(tmpdir(), "pith-subpaths-"));
mkdirSync(join(project, "node_modules"));
symlinkSync(ROOT, join(project, "node_modules", "pith"), "dir");
afterAll(() => rmSync(project, { recursive: true, force: true }));

type Target = { types: string; default: string };
const exportsMap = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, Target> }).exports;
const pluginNames = readdirSync(join(ROOT, "plugins")).filter((name) => existsSync(join(ROOT, "plugins", name, "index.ts")));

/** Every import specifier the exports map offers, `./plugins/*` expanded over the built-in plugins. */
const subpaths: Array<{ specifier: string; target: Target }> = Object.entries(exportsMap).flatMap(([key, target]) =>
  key.endsWith("/*")
    ? pluginNames.map((name) => ({
        specifier: `pith${key.slice(1, -1)}${name}`,
        target: { types: target.types.replace("*", name), default: target.default.replace("*", name) },
      }))
    : [{ specifier: key === "." ? "pith" : `pith${key.slice(1)}`, target }],
);

describe("package subpaths", () => {
  it("are each built, with types, documented in docs/sdk.md, and import from the built package", { timeout: 120_000 }, () => {
    expect(subpaths.length).toBe(Object.keys(exportsMap).length - 1 + pluginNames.length);
    const missing = subpaths.flatMap(({ specifier, target }) =>
      [target.default, target.types].filter((file) => !existsSync(join(ROOT, file))).map((file) => `${specifier}: ${file}`),
    );
    expect(missing).toEqual([]);

    const entryPoints = readFileSync(join(ROOT, "docs", "sdk.md"), "utf8").split("## Package entry points")[1]!.split("\n## ")[0]!;
    const undocumented = subpaths
      .map(({ specifier }) => specifier)
      .filter((specifier) => !entryPoints.includes(`\`${specifier}\``) && !entryPoints.includes(`\`${specifier.replace("pith/plugins/", "")}\``));
    expect(undocumented).toEqual([]);

    // one process imports them all; each plugin entry offers its factory (`...Plugin`, or `...Mode` for a run mode)
    writeFileSync(
      join(project, "all.mjs"),
      `const specifiers = ${JSON.stringify(subpaths.map(({ specifier }) => specifier))};
const report = {};
for (const specifier of specifiers) {
  const module = await import(specifier);
  report[specifier] = Object.keys(module).filter((name) => /(Plugin|Mode)$/.test(name) && typeof module[name] === "function").length + "/" + Object.keys(module).length;
}
console.log(JSON.stringify(report));`,
    );
    const report = JSON.parse(execFileSync(process.execPath, ["all.mjs"], { cwd: project, encoding: "utf8" })) as Record<string, string>;
    expect(Object.keys(report).sort()).toEqual(subpaths.map(({ specifier }) => specifier).sort());
    const [factories, exportsCount] = [(counts: string) => Number(counts.split("/")[0]), (counts: string) => Number(counts.split("/")[1])];
    expect(Object.entries(report).filter(([, counts]) => exportsCount(counts) === 0)).toEqual([]);
    expect(Object.entries(report).filter(([specifier, counts]) => specifier.startsWith("pith/plugins/") && factories(counts) === 0)).toEqual([]);
  });

  it("give TypeScript (NodeNext resolution) every subpath's types from the built declarations", { timeout: 120_000 }, () => {
    const file = join(project, "types.mts");
    writeFileSync(file, subpaths.map(({ specifier }, index) => `import * as m${index} from "${specifier}";\nexport { m${index} };`).join("\n"));
    const program = dependentProgram(file);
    expect(problemsOf(program)).toEqual([]);
    // resolved to dist/types, not to the sources
    const declarations = program.getSourceFiles().map((source) => source.fileName).filter((name) => name.includes("/dist/types/"));
    expect(declarations.length).toBeGreaterThan(subpaths.length);
  });

  it("let a plugin written as docs/compaction.md shows it return a literal hook result (built declarations)", { timeout: 120_000 }, () => {
    // the published `on()` once widened `{ cancel: true }` to `{ cancel: boolean }` and refused the handler
    const file = join(project, "hook.mts");
    writeFileSync(
      file,
      [
        `import type {} from "pith";`,
        `import type { PluginContext } from "pith/kernel";`,
        `export function setup(context: PluginContext, tooEarly: () => boolean): void {`,
        `  context.on("session_before_compact", async (event) => {`,
        `    if (event.reason === "threshold" && tooEarly()) return { cancel: true };`,
        `    return undefined;`,
        `  });`,
        `}`,
      ].join("\n"),
    );
    const program = dependentProgram(file);
    expect(problemsOf(program)).toEqual([]);
  });

  it("give a dependent project every built-in plugin's factory, the session manager, the tools and the provider kit", () => {
    writeFileSync(
      join(project, "check.mjs"),
      `import { toolsPlugin, createTools } from "pith/plugins/tools";
import { SessionManager, sessionsPlugin } from "pith/plugins/sessions";
import { retryPlugin } from "pith/plugins/retry";
import { anthropicProviderPlugin } from "pith/plugins/provider-anthropic";
import { AssistantMessageBuilder, parsePartialJson } from "pith/provider-kit";
const tools = Object.keys(createTools({ cwd: process.cwd() })).sort();
console.log(JSON.stringify({ tools, plugins: [toolsPlugin().name, sessionsPlugin({ noSession: true }).name, retryPlugin().name, anthropicProviderPlugin().name], manager: typeof SessionManager.create, builder: typeof AssistantMessageBuilder, partial: parsePartialJson('{"a": [1, 2') }));`,
    );
    const output = JSON.parse(execFileSync(process.execPath, ["check.mjs"], { cwd: project, encoding: "utf8" })) as Record<string, unknown>;
    expect(output).toMatchObject({ manager: "function", builder: "function", partial: { a: [1, 2] } });
    expect(output.tools).toEqual(expect.arrayContaining(["bash", "edit", "read", "write"]));
    expect(output.plugins).toEqual(["tools", "sessions", "retry", "provider-anthropic"]);
  });

  // Regression: the library's ES module chunks offer a bundled CommonJS package only as `default`, and naming its
  // members found nothing: writing settings.json failed with "lock is not a function", and Bedrock could not make its client.
  it("run the CommonJS packages they load lazily: settings.json written under its lock, the Bedrock SDK's client", () => {
    const home = join(project, "home");
    mkdirSync(join(home, "agent"), { recursive: true });
    writeFileSync(
      join(project, "lazy.mjs"),
      `import { SettingsManager } from "pith/plugins/settings";
import { streamBedrock } from "pith/plugins/provider-bedrock";
const manager = await SettingsManager.load({ agentDir: ${JSON.stringify(join(home, "agent"))}, cwd: ${JSON.stringify(project)}, env: {} });
await manager.set("compaction.reserveTokens", 1234, "global");
// a closed port: the SDK and its client load, and the request then fails to connect
const model = { id: "anthropic.claude-x", name: "x", api: "bedrock-converse-stream", provider: "amazon-bedrock", baseUrl: "http://127.0.0.1:9", reasoning: false, input: ["text"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 1000, maxTokens: 100 };
let error;
for await (const event of streamBedrock({ model, systemPrompt: "", messages: [{ role: "user", content: "hi", timestamp: 1 }], tools: [], thinkingLevel: "off", apiKey: undefined, signal: new AbortController().signal })) {
  if (event.type === "error") error = event.error.errorMessage;
}
console.log(JSON.stringify({ error }));`,
    );
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret", AWS_REGION: "us-west-2", AWS_EC2_METADATA_DISABLED: "true" };
    for (const name of ["AWS_PROFILE", "AWS_BEARER_TOKEN_BEDROCK", "HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy"]) delete env[name];
    const output = JSON.parse(execFileSync(process.execPath, ["lazy.mjs"], { cwd: project, encoding: "utf8", env })) as { error?: string };
    expect(JSON.parse(readFileSync(join(home, "agent", "settings.json"), "utf8"))).toEqual({ compaction: { reserveTokens: 1234 } });
    expect(output.error).toMatch(/ECONNREFUSED|connect/i);
    expect(output.error).not.toMatch(/is not a (function|constructor)/);
  });

  it("give TypeScript's classic node resolution (no exports map) the SDK's types through the top-level types field", { timeout: 120_000 }, () => {
    writeFileSync(
      join(project, "classic.ts"),
      `import { createAgentSession } from "pith";\nconst create: typeof createAgentSession = createAgentSession;\nexport default create;\n`,
    );
    const options = { noEmit: true, strict: true, skipLibCheck: true, types: [], moduleResolution: ts.ModuleResolutionKind.Node10, module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 };
    const program = ts.createProgram([join(project, "classic.ts")], options, declarationsHost(options));
    expect(problemsOf(program)).toEqual([]);
    expect(program.getSourceFiles().map((source) => source.fileName)).toContain(join(ROOT, "dist/types/sdk/index.d.ts"));
  });
});

/** A dependent project's strict NodeNext program: `pith`'s subpaths resolve through the exports map to dist/types. */
function dependentProgram(file: string): ts.Program {
  const options = { noEmit: true, strict: true, skipLibCheck: true, types: [], module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022 };
  return ts.createProgram([file], options, declarationsHost(options));
}

const parsed = new Map<string, ts.SourceFile>();

/**
 * A compiler host that parses each declaration file once for the whole file's programs: they read the same
 * hundreds of files of dist/types and node_modules, and a declaration parses the same for each (per language
 * version and module format, the key). The tests' own files are read fresh.
 */
function declarationsHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  // JSDoc only where it can produce an error (`@see`, `@link`), as tsc parses it: the provider SDKs' declarations
  // are mostly comments.
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, version, ...rest) => {
    if (!fileName.endsWith(".d.ts") && !fileName.endsWith(".d.mts") && !fileName.endsWith(".d.cts")) return getSourceFile(fileName, version, ...rest);
    const key = typeof version === "object" ? `${fileName}:${version.languageVersion}:${version.impliedNodeFormat}` : `${fileName}:${version}`;
    let source = parsed.get(key);
    if (source === undefined) {
      source = getSourceFile(fileName, version, ...rest);
      if (source) parsed.set(key, source);
    }
    return source;
  };
  return host;
}

function problemsOf(program: ts.Program): string[] {
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}
