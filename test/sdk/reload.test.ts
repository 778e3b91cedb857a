import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentSession, reloadResources } from "../../sdk/index.js";

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
