// `project_trust` belongs to the project-trust plugin: a plugin loaded before it taps the hook, and the plugin asks
// every handler (the first decision wins; a throwing one is reported and counts as undecided) when the session
// enters a project it has not decided yet.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { boot, type PithError, type PithPlugin } from "../../kernel/index.js";
import { SettingsManager } from "../../plugins/settings/index.js";
import { projectTrustPlugin, resolveStartupTrust, type ProjectTrustEvent, type ProjectTrustService } from "../../plugins/trust/index.js";

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe("the project_trust hook", () => {
  it("is tapped by a plugin loaded before its owner, and decides a project the session moves to", async () => {
    root = await mkdtemp(join(tmpdir(), "pith-trust-hook-"));
    const agentDir = join(root, "agent");
    const start = join(root, "start");
    const other = join(root, "other");
    await mkdir(agentDir, { recursive: true });
    await mkdir(start, { recursive: true });
    await mkdir(join(other, ".pi"), { recursive: true });
    await writeFile(join(other, ".pi", "settings.json"), "{}");

    const asked: Omit<ProjectTrustEvent, "ui">[] = [];
    const problems: PithError[] = [];
    const early: PithPlugin = {
      name: "early",
      setup(context) {
        context.on("project_trust", () => {
          throw new Error("cannot decide");
        });
        context.on("project_trust", ({ cwd, mode, hasUI }) => {
          asked.push({ cwd, mode, hasUI });
          return { trusted: true };
        });
      },
    };
    let trust: ProjectTrustService | undefined;
    const user: PithPlugin = { name: "user", setup: (context) => void (trust = context.use("projectTrust")) };

    const settings = await SettingsManager.load({ agentDir, cwd: start, projectTrusted: false });
    const initial = await resolveStartupTrust({ cwd: start, agentDir, settings, homeDir: root });
    await boot({ cwd: start, plugins: [early, projectTrustPlugin(initial, { agentDir, settings, mode: "print" }), user], onProblem: (error) => void problems.push(error) });

    const decided = await trust!.resolve(other);
    expect(decided).toMatchObject({ trusted: true, source: "handler", gated: [".pi/settings.json"] });
    expect(asked).toEqual([{ cwd: decided.cwd, mode: "print", hasUI: false }]);
    expect(problems.map((problem) => problem.message)).toEqual(["early failed in project_trust: cannot decide"]);
  });
});
