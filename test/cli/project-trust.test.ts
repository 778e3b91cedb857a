// Project trust through the real CLI (pi 1.6.0's model, docs/security.md): an untrusted project's settings and
// resources are ignored, so a repository's own program never runs; --approve / --no-approve / --trust,
// trust.json and defaultProjectTrust decide; a broken trust.json costs its decisions, never a file or the run.
import { chmod, mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "./cli-harness.js";

const MODEL = ["--model", "mock/mock-model"];
const PI_TRUST_EXAMPLE = join(process.cwd(), "node_modules", "@earendil-works", "pi-coding-agent", "examples", "extensions", "project-trust.ts");
let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(() => world.close());

const exists = (path: string) =>
  readFile(path).then(
    () => true,
    () => false,
  );
const sent = (index: number) => JSON.stringify(world.mock.requests[index]!.body);

/** A project whose settings point the bash tool at the repository's own program. */
async function hostileProject(): Promise<{ shellRan: string; prefixRan: string }> {
  const shellRan = join(world.home, "shell.ran");
  const prefixRan = join(world.home, "prefix.ran");
  const shell = join(world.project, "tools", "shell.sh");
  await mkdir(join(world.project, "tools"), { recursive: true });
  await writeFile(shell, `#!/bin/sh\necho ran > ${JSON.stringify(shellRan)}\nexec /bin/sh "$@"\n`);
  await chmod(shell, 0o755);
  await mkdir(join(world.project, ".pi"), { recursive: true });
  await writeFile(
    join(world.project, ".pi", "settings.json"),
    JSON.stringify({ shellPath: shell, shellCommandPrefix: `echo ran > ${JSON.stringify(prefixRan)}`, theme: "light" }),
  );
  await writeFile(join(world.project, ".pi", "SYSTEM.md"), "PROJECT SYSTEM PROMPT");
  return { shellRan, prefixRan };
}

const bashCall = { toolCalls: [{ name: "bash", arguments: { command: "echo hello" } }] };

describe("project trust in the CLI", () => {
  it("an untrusted project's shellPath and shellCommandPrefix never run; one warning names them; -a trusts", async () => {
    const { shellRan, prefixRan } = await hostileProject();
    world.mock.enqueue(bashCall, { text: "done" });
    const untrusted = await world.run(["-p", "-e", PI_TRUST_EXAMPLE, ...MODEL, "run it"]);
    expect(untrusted.code).toBe(0);
    expect(await exists(shellRan)).toBe(false);
    expect(await exists(prefixRan)).toBe(false);
    expect(sent(1)).toContain("hello"); // the command ran, in the user's own shell
    expect(sent(0)).not.toContain("PROJECT SYSTEM PROMPT");
    // pi's example extension was asked first, in print mode without dialogs, and left the decision to the default
    const project = await realpath(world.project);
    expect(untrusted.stderr).toContain(`pith: project_trust fired for ${project} (mode: print, load: 1)\n`);
    const warnings = untrusted.stderr.split("\n").filter((line) => line.includes("not trusted"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(".pi/settings.json (with shellPath and shellCommandPrefix, which run or load code) and .pi/SYSTEM.md");
    expect(warnings[0]).toContain("--approve (-a)");

    world.mock.enqueue(bashCall, { text: "done" });
    const approved = await world.run(["-p", "-a", ...MODEL, "run it"]);
    expect(approved.code).toBe(0);
    expect(approved.stderr).not.toContain("not trusted");
    expect(await exists(shellRan)).toBe(true);
    expect(await exists(prefixRan)).toBe(true);
    expect(sent(2)).toContain("PROJECT SYSTEM PROMPT");
    expect(await exists(join(world.agentDir, "trust.json"))).toBe(false); // -a saves nothing
  });

  it("--trust saves pi's trust.json; --no-approve (-na) overrides it for one run, without a warning", async () => {
    const { shellRan } = await hostileProject();
    world.mock.enqueue({ text: "one" });
    expect((await world.run(["-p", "--trust", ...MODEL, "hi"])).code).toBe(0);
    const project = await realpath(world.project);
    expect(JSON.parse(await readFile(join(world.agentDir, "trust.json"), "utf8"))).toEqual({ [project]: true });

    world.mock.enqueue(bashCall, { text: "done" });
    const declined = await world.run(["-p", "-na", ...MODEL, "run it"]);
    expect(declined.code).toBe(0);
    expect(declined.stderr).not.toContain("not trusted");
    expect(await exists(shellRan)).toBe(false);
  });

  it("a saved decision for a parent folder applies; defaultProjectTrust decides only in the agent folder's settings", async () => {
    await hostileProject();
    await writeFile(join(world.agentDir, "trust.json"), JSON.stringify({ [await realpath(world.home)]: true }));
    world.mock.enqueue({ text: "one" });
    expect((await world.run(["-p", ...MODEL, "hi"])).stderr).not.toContain("not trusted");
    expect(sent(0)).toContain("PROJECT SYSTEM PROMPT");

    await writeFile(join(world.agentDir, "trust.json"), "{}\n");
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ defaultProjectTrust: "always" }));
    world.mock.enqueue({ text: "two" });
    expect((await world.run(["-p", ...MODEL, "hi"])).stderr).not.toContain("not trusted");
    expect(sent(1)).toContain("PROJECT SYSTEM PROMPT");

    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ defaultProjectTrust: "never" }));
    world.mock.enqueue({ text: "three" });
    const never = await world.run(["-p", ...MODEL, "hi"]);
    expect(never.stderr).not.toContain("not trusted"); // the user chose "never": nothing to tell
    expect(sent(2)).not.toContain("PROJECT SYSTEM PROMPT");

    // a project cannot vote itself in
    await writeFile(join(world.agentDir, "settings.json"), "{}");
    await writeFile(join(world.project, ".pi", "settings.json"), JSON.stringify({ defaultProjectTrust: "always" }));
    world.mock.enqueue({ text: "four" });
    expect((await world.run(["-p", ...MODEL, "hi"])).stderr).toContain("not trusted");
    expect(sent(3)).not.toContain("PROJECT SYSTEM PROMPT");
  });

  it("an .agents/skills folder in a parent needs trust too; a bare .pi folder does not", async () => {
    await mkdir(join(world.project, ".pi"), { recursive: true });
    world.mock.enqueue({ text: "one" });
    expect((await world.run(["-p", ...MODEL, "hi"])).stderr).not.toContain("not trusted");

    const skill = join(world.home, ".agents", "skills", "deploy");
    await mkdir(skill, { recursive: true });
    await writeFile(join(skill, "SKILL.md"), "---\nname: deploy\ndescription: Deploys things.\n---\nRun ./deploy.sh");
    world.mock.enqueue({ text: "two" });
    // the world's HOME is the project's parent here, and the user's own ~/.agents/skills needs no trust
    expect((await world.run(["-p", ...MODEL, "hi"])).stderr).not.toContain("not trusted");
    expect(sent(1)).toContain("deploy");

    const nested = join(world.project, "sub");
    await mkdir(join(nested, ".agents", "skills", "lint"), { recursive: true });
    await writeFile(join(nested, ".agents", "skills", "lint", "SKILL.md"), "---\nname: lint\ndescription: Lints things.\n---\nRun lint");
    world.mock.enqueue({ text: "three" });
    const inSub = await world.run(["-p", ...MODEL, "hi"], { cwd: nested });
    expect(inSub.stderr).toContain("is not trusted, so pith ignores its .agents/skills");
    expect(sent(2)).not.toContain("Lints things.");
  });

  it("a broken trust.json is reported, used for nothing, and never written over", async () => {
    const { shellRan } = await hostileProject();
    const broken = '{ "/somewhere": true, oops';
    await writeFile(join(world.agentDir, "trust.json"), broken);
    world.mock.enqueue(bashCall, { text: "done" });
    const run = await world.run(["-p", ...MODEL, "run it"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`${join(world.agentDir, "trust.json")} is not valid JSON`);
    expect(await exists(shellRan)).toBe(false);

    world.mock.enqueue({ text: "ok" });
    const trusting = await world.run(["-p", "--trust", ...MODEL, "hi"]);
    expect(trusting.code).toBe(0);
    expect(trusting.stderr).toContain("project trust was not saved");
    expect(await readFile(join(world.agentDir, "trust.json"), "utf8")).toBe(broken);

    await writeFile(join(world.agentDir, "trust.json"), JSON.stringify({ [await realpath(world.project)]: "yes" }));
    world.mock.enqueue({ text: "ok" });
    expect((await world.run(["-p", ...MODEL, "hi"])).stderr).toContain("each value must be true, false or null");
  });
});
