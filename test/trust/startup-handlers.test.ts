// `project_trust` at start-up, as pi 1.6.0 asks it: the user's own extensions (agent folder) and the command line's
// (`-e`) are asked before anything of the project loads; the first yes or no decides (remember saves it in
// trust.json), "undecided" and a throwing handler pass on to the saved decision and the default; a project's own
// extension is never asked; a command-line decision asks nobody.
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Logger } from "../../kernel/index.js";
import { createAgentSession } from "../../sdk/index.js";
import type { ExtensionsService } from "../../plugins/extensions/index.js";
import type { ProjectTrustService } from "../../plugins/trust/index.js";

let root: string;
let agentDir: string;
let project: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "pith-trust-startup-")));
  process.env.HOME = root;
  agentDir = join(root, "agent");
  project = join(root, "project");
  await mkdir(join(agentDir, "extensions"), { recursive: true });
  await mkdir(join(project, ".pi", "extensions"), { recursive: true });
  // the project's own extension: loads only when trusted, and must never be asked
  await writeFile(
    join(project, ".pi", "extensions", "own.ts"),
    `export default function (pi) {
  pi.registerCommand("project-own", { handler: async () => {} });
  pi.on("project_trust", () => { throw new Error("a project extension was asked"); });
}\n`,
  );
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** An extension whose handler notes the call (through ctx.ui.notify) and answers `answers` in turn. */
async function trustExtension(path: string, ...answers: unknown[]): Promise<string> {
  await writeFile(
    path,
    `const answers = ${JSON.stringify(answers)};
export default function (pi) {
  for (const answer of answers) {
    pi.on("project_trust", async (event, ctx) => {
      ctx.ui.notify(\`asked \${event.type} \${event.cwd} \${ctx.cwd === event.cwd} \${ctx.mode} \${ctx.hasUI} \${typeof ctx.ui.select}\`, "info");
      if (answer === "throw") throw new Error("cannot decide");
      return answer;
    });
  }
}\n`,
  );
  return path;
}

async function start(options: { paths?: string[]; approve?: boolean } = {}) {
  const lines: string[] = [];
  const log: Logger = { debug: () => undefined, info: (line) => void lines.push(line), warn: (line) => void lines.push(`warn: ${line}`), error: (line) => void lines.push(`error: ${line}`) };
  const created = await createAgentSession({
    cwd: project,
    agentDir,
    noSession: true,
    packages: false,
    log,
    extensions: { paths: options.paths, mode: "json" },
    projectTrust: { mode: "json", approve: options.approve },
  });
  const services = created.session.registry.services;
  const trust = services.get("projectTrust") as ProjectTrustService;
  const commands = (services.get("extensions") as ExtensionsService).commands().map((command) => command.name);
  await created.session.dispose();
  return { trust: trust.state, commands, lines, warnings: created.warnings };
}

const trustFile = () => readFile(join(agentDir, "trust.json"), "utf8").then((text) => JSON.parse(text) as Record<string, boolean>, () => undefined);

describe("project_trust handlers at start-up", () => {
  it("a user extension's yes decides before anything of the project loads, and remember saves it", async () => {
    await trustExtension(join(agentDir, "extensions", "decide.ts"), { trusted: "undecided" }, { trusted: "yes", remember: true });
    const run = await start();
    expect(run.trust).toMatchObject({ trusted: true, source: "handler" });
    expect(run.commands).toContain("project-own");
    expect(run.lines.filter((line) => line.startsWith("asked"))).toEqual([`asked project_trust ${project} true json false function`, `asked project_trust ${project} true json false function`]);
    expect(await trustFile()).toEqual({ [project]: true });
    expect(run.warnings.join("\n")).not.toContain("not trusted");
  });

  it("a command-line extension's no holds for this run only; a later handler is not asked", async () => {
    const cli = await trustExtension(join(root, "cli-trust.ts"), { trusted: "no" });
    await trustExtension(join(agentDir, "extensions", "later.ts"), { trusted: "yes" });
    const run = await start({ paths: [cli] });
    expect(run.trust).toMatchObject({ trusted: false, source: "handler" });
    expect(run.commands).not.toContain("project-own");
    expect(run.lines.filter((line) => line.startsWith("asked"))).toHaveLength(1);
    expect(await trustFile()).toBeUndefined();
  });

  it("undecided and a throwing handler pass on to the saved decision; the failure is reported once", async () => {
    await trustExtension(join(agentDir, "extensions", "unsure.ts"), "throw", { trusted: "undecided" });
    await writeFile(join(agentDir, "trust.json"), JSON.stringify({ [project]: true }));
    const run = await start();
    expect(run.trust).toMatchObject({ trusted: true, source: "saved" });
    expect(run.commands).toContain("project-own");
    const failures = run.warnings.filter((warning) => warning.includes("cannot decide"));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain("unsure.ts");
  });

  it("each user and command-line factory runs once: the session adopts the instances that were asked", async () => {
    const seen = globalThis as { __pithAdopted?: string[] };
    seen.__pithAdopted = [];
    const note = (what: string) => `globalThis.__pithAdopted.push(${what});`;
    await writeFile(
      join(agentDir, "extensions", "global.ts"),
      `export default function (pi) {
  ${note(`"global factory"`)}
  pi.registerCommand("global-own", { handler: async () => {} });
  pi.registerFlag("global-flag", { type: "string", default: "unset" });
  pi.events.on("hello", (data) => { ${note("`heard ${data}`")} });
  pi.on("project_trust", () => ({ trusted: "yes" }));
  pi.on("session_start", (event, ctx) => { ${note("`session_start ${pi.getFlag('global-flag')} ${ctx.mode} ${pi.getCommands().some((command) => command.name === 'project-own')}`")} });
}\n`,
    );
    const cli = join(root, "cli.ts");
    await writeFile(cli, `export default function (pi) {\n  ${note(`"cli factory"`)}\n  pi.on("session_start", () => pi.events.emit("hello", "from -e"));\n}\n`);
    const run = await start({ paths: [cli] });
    expect(run.trust).toMatchObject({ trusted: true, source: "handler" });
    expect(run.commands).toEqual(expect.arrayContaining(["global-own", "project-own"]));
    // the factories ran before the decision, once; the handlers, flags, bus and pi objects act in the session
    expect(seen.__pithAdopted.filter((line) => line.endsWith("factory")).sort()).toEqual(["cli factory", "global factory"]);
    expect(seen.__pithAdopted).toContain("session_start unset json true");
    expect(seen.__pithAdopted).toContain("heard from -e");
  });

  it("--approve / --no-approve decide without asking any handler", async () => {
    await trustExtension(join(agentDir, "extensions", "decide.ts"), { trusted: "yes" });
    const run = await start({ approve: false });
    expect(run.trust).toMatchObject({ trusted: false, source: "command-line" });
    expect(run.lines.filter((line) => line.startsWith("asked"))).toEqual([]);
  });
});
