// A custom distribution imports built-ins through the package's subpaths: the built package (dist/, written by
// `npm run build`) answers `pith/plugins/<name>` and `pith/provider-kit` from a project that depends on it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const project = mkdtempSync(join(tmpdir(), "pith-subpaths-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("package subpaths", () => {
  it("give a dependent project every built-in plugin's factory, the session manager, the tools and the provider kit", () => {
    mkdirSync(join(project, "node_modules"));
    symlinkSync(ROOT, join(project, "node_modules", "pith"), "dir");
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

  it("give TypeScript's classic node resolution (no exports map) the SDK's types through the top-level types field", () => {
    writeFileSync(
      join(project, "classic.ts"),
      `import { createAgentSession } from "pith";\nconst create: typeof createAgentSession = createAgentSession;\nexport default create;\n`,
    );
    const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const args = [tsc, "--noEmit", "--strict", "--skipLibCheck", "--moduleResolution", "node10", "--module", "commonjs", "--target", "es2022", "classic.ts"];
    expect(() => execFileSync(process.execPath, args, { cwd: project, encoding: "utf8", stdio: "pipe" })).not.toThrow();
  });
});
