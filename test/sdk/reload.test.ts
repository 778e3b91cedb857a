import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentSession, reloadResources, type PithError } from "../../sdk/index.js";
import type { ExtensionsService } from "../../plugins/extensions/index.js";

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "pith-reload-"));
  await mkdir(join(home, "agent"), { recursive: true });
  await mkdir(join(home, "project"), { recursive: true });
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe("reloadResources", () => {
  it("picks up new context files, skills and templates, and reports what it loaded", async () => {
    const project = join(home, "project");
    const { session } = await createAgentSession({ cwd: project, agentDir: join(home, "agent"), noSession: true });
    expect(await session.refreshSystemPrompt()).not.toContain("Always answer in haiku");

    await writeFile(join(project, "AGENTS.md"), "Always answer in haiku.");
    await mkdir(join(project, ".pi", "skills", "deploy"), { recursive: true });
    await writeFile(join(project, ".pi", "skills", "deploy", "SKILL.md"), "---\nname: deploy\ndescription: Ship it\n---\nSteps.");
    await mkdir(join(project, ".pi", "prompts"), { recursive: true });
    await writeFile(join(project, ".pi", "prompts", "review.md"), "Review $1");

    const report = await reloadResources(session);
    expect(report.contextFiles).toEqual([join(project, "AGENTS.md")]);
    expect(report.skills).toBe(1);
    expect(report.promptTemplates).toBe(1);
    expect(session.systemPrompt).toContain("Always answer in haiku.");
    expect(session.systemPrompt).toContain("<name>deploy</name>");
    await session.dispose();
  });
});

describe("PithSession.reload", () => {
  it("loads an extension added since start-up and announces session_start {reload}", async () => {
    const { createAgentSessionRuntime } = await import("../../sdk/index.js");
    const project = join(home, "project");
    const agentDir = join(home, "agent");
    const runtime = await createAgentSessionRuntime({ cwd: project, agentDir, noSession: true });
    const session = runtime.session;
    expect(session.getCommands().map((command) => command.name)).not.toContain("hello");

    await mkdir(join(agentDir, "extensions"), { recursive: true });
    await writeFile(
      join(agentDir, "extensions", "hello.ts"),
      `export default function (pi: any) {
  pi.registerCommand("hello", { description: "says hello", handler: async () => {} });
  pi.on("session_start", (event: { reason: string }) => { (globalThis as any).__pithSdkReload = event.reason; });
}`,
    );
    await session.reload();
    expect(session.getCommands().map((command) => command.name)).toContain("hello");
    expect((globalThis as { __pithSdkReload?: string }).__pithSdkReload).toBe("reload");
    const report = await reloadResources(session.agent);
    expect(report.extensions).toHaveLength(1);
    expect(report.extensions[0]).toMatch(/hello\.ts$/);
    await runtime.dispose();
  });
});

describe("packages on reload", () => {
  /** A local pi package: an extension with a command, a skill and a prompt template. */
  async function writePackage(root: string): Promise<void> {
    const files: Record<string, string> = {
      "package.json": JSON.stringify({ name: "late-package", version: "1.0.0" }),
      "extensions/late.ts": `export default function (pi: any) { pi.registerCommand("from-package", { handler: async () => {} }); }`,
      "skills/late-skill/SKILL.md": "---\nname: late-skill\ndescription: Came with a package\n---\nSteps.",
      "prompts/late-prompt.md": "Prompt from the package: $1",
    };
    for (const [path, content] of Object.entries(files)) {
      await mkdir(join(root, path, ".."), { recursive: true });
      await writeFile(join(root, path), content);
    }
  }

  it("a package added to the settings brings its extension, skill and template; missing ones are reported, not installed", async () => {
    const project = join(home, "project");
    const agentDir = join(home, "agent");
    const problems: PithError[] = [];
    const { session } = await createAgentSession({ cwd: project, agentDir, noSession: true, packages: { offline: true }, onProblem: (error) => problems.push(error) });
    const names = () => (session.registry.services.get("extensions")! as ExtensionsService).commands().map((command) => command.name);
    expect(names()).not.toContain("from-package");

    const pkg = join(home, "pkgs", "late");
    await writePackage(pkg);
    const absent = join(home, "pkgs", "absent");
    await writeFile(join(agentDir, "settings.json"), JSON.stringify({ packages: [pkg, absent, "npm:not-here@1.0.0"] }));
    const report = await reloadResources(session);

    expect(names()).toEqual(expect.arrayContaining(["from-package", "late-prompt", "skill:late-skill"]));
    expect(session.systemPrompt).toContain("<name>late-skill</name>");
    expect(report.extensions.some((extension) => extension.endsWith("late.ts"))).toBe(true);
    const missing = [`package ${absent} (global settings) does not exist`, "package npm:not-here@1.0.0 (global settings) is not installed and pith is offline"];
    for (const text of missing) {
      expect(report.warnings.some((warning) => warning.startsWith(text))).toBe(true);
      expect(problems.some((problem) => problem.code === "PACKAGE_UNAVAILABLE" && problem.message.startsWith(text))).toBe(true);
    }

    // taken out of the settings, the package's parts go on the next reload
    await writeFile(join(agentDir, "settings.json"), JSON.stringify({ packages: [] }));
    await reloadResources(session);
    expect(names()).not.toContain("from-package");
    expect(names()).not.toContain("late-prompt");
    expect(session.systemPrompt).not.toContain("late-skill");
    await session.dispose();
  });
});
