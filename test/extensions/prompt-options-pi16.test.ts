// before_agent_start's systemPromptOptions edits last for their run only: pi 1.6.0 itself (on the Node 22 binary)
// and pith run the same extension over RPC, and between runs `ctx.getSystemPrompt()` shows the prompt as configured.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { spawnPiRpc, spawnRpc, type RpcChild } from "../rpc/rpc-harness.js";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";

const RULE = "Never touch the lockfile";
// the first run adds a rule; each observation says whether the prompt the extension sees holds it
const EXTENSION = `
import { appendFileSync } from "node:fs";
export default function (pi) {
  let runs = 0;
  const note = (ctx, when) => appendFileSync(process.env.OBSERVED, when + " " + ctx.getSystemPrompt().includes(${JSON.stringify(RULE)}) + "\\n");
  pi.on("input", (_event, ctx) => { note(ctx, "input"); });
  pi.on("before_agent_start", (event) => {
    if (++runs === 1) event.systemPromptOptions.promptGuidelines.push(${JSON.stringify(RULE)});
  });
  pi.on("agent_end", (_event, ctx) => { note(ctx, "agent_end"); });
  pi.on("agent_settled", (_event, ctx) => { note(ctx, "agent_settled"); });
}
`;

/** A world for each program, so that the two run side by side, each against its own mock server. */
async function sideBySideWorlds(): Promise<{ pi: CliWorld; pith: CliWorld; close(): Promise<unknown> }> {
  const [pi, pith] = await Promise.all([createCliWorld(), createCliWorld()]);
  return { pi, pith, close: () => Promise.all([pi.close(), pith.close()]) };
}

async function observe(spawn: (world: CliWorld, args: string[], env: NodeJS.ProcessEnv) => RpcChild, world: CliWorld): Promise<{ observed: string[]; prompts: boolean[] }> {
  const observedFile = join(world.home, "observed.txt");
  const extension = join(world.home, "rule-once.mjs");
  await writeFile(extension, EXTENSION);
  world.mock.enqueue({ text: "one" }, { text: "two" });
  const from = world.mock.requests.length;
  const rpc = spawn(world, ["--no-session", "-e", extension], { OBSERVED: observedFile });
  try {
    for (const message of ["first", "second"]) {
      const start = rpc.peer.records.length;
      await rpc.peer.request({ type: "prompt", message });
      await rpc.peer.waitFor((record) => record.type === "agent_settled", start);
    }
    rpc.peer.end();
    await rpc.exited;
  } finally {
    rpc.child.kill();
  }
  const prompts = world.mock.requests.slice(from).map((request) => JSON.stringify(request.body).includes(RULE));
  return { observed: (await readFile(observedFile, "utf8")).trim().split("\n"), prompts };
}

it.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))(
  "a run's systemPromptOptions edits reach its request and are gone once it settles, as in pi 1.6.0",
  async () => {
    const worlds = await sideBySideWorlds();
    const [pi, pith] = await Promise.all([observe(spawnPiRpc, worlds.pi), observe(spawnRpc, worlds.pith)]).finally(() => worlds.close());
    expect(pith).toEqual(pi);
    expect(pith).toEqual({
      observed: ["input false", "agent_end true", "agent_settled false", "input false", "agent_end false", "agent_settled false"],
      // the rule reaches the first request only
      prompts: [true, false],
    });
  },
  120_000,
);

// The parts pith builds from its own plugins: a handler's change of each reaches the run's prompt as in pi 1.6.0.
// pith's texts around them are its own (docs/compatibility.md), so each case compares what the change put there.
const lines = (prompt: string, pattern: RegExp) => prompt.split("\n").filter((line) => pattern.test(line)).map((line) => line.trim());
const GUARD_TOOL = `pi.registerTool({ name: "guard", label: "guard", description: "Guards", promptSnippet: "Guard files", promptGuidelines: ["Ask before guarding"], parameters: { type: "object", properties: {} }, async execute() { return { content: [] }; } });`;
const RULE_ORDER = /lockfile|guarding|^- Be concise|^- Show file paths/;
interface PartCase {
  option: string;
  change: string;
  setup?: string;
  /**
   * The case checks where sections sit, so it runs first in a process (see runsPerProcess): pi sends a session's
   * prompt as its system messages replay it, where a section keeps the place it first had in the session.
   */
  checksOrder?: true;
  seen: (prompt: string) => unknown;
  expected: unknown;
}
const PART_CASES: PartCase[] = [
  {
    option: "customPrompt",
    change: `o.customPrompt = "You guard lockfiles.";`,
    checksOrder: true,
    // the preamble, and the sections after it: no tools, rules or docs
    seen: (prompt) => [prompt.split("\n\n<")[0], lines(prompt, /^<[a-z_]+>$/)],
    expected: ["You guard lockfiles.", ["<cwd>"]],
  },
  { option: "toolSnippets", change: `o.toolSnippets.read = "Read a lockfile";`, seen: (prompt) => lines(prompt, /^- read:/), expected: ["- read: Read a lockfile"] },
  {
    option: "toolGuidelines",
    change: `o.toolGuidelines.read = [...(o.toolGuidelines.read ?? []), "Never read the lockfile"];`,
    seen: (prompt) => lines(prompt, /lockfile/),
    expected: ["- Never read the lockfile"],
  },
  {
    option: "contextFiles",
    change: `o.contextFiles.push({ path: "/virtual/AGENTS.md", content: "Keep the lockfile" });`,
    seen: (prompt) => [prompt.includes("/virtual/AGENTS.md"), lines(prompt, /lockfile/)],
    expected: [true, ["Keep the lockfile"]],
  },
  {
    option: "skills",
    change: `o.skills.push({ name: "lockfile", description: "Guards lockfiles", filePath: "/virtual/lockfile/SKILL.md", baseDir: "/virtual/lockfile", disableModelInvocation: false });`,
    seen: (prompt) => lines(prompt, /^\s*<\/?(skill|name|description|location)>/),
    expected: ["<skill>", "<name>lockfile</name>", "<description>Guards lockfiles</description>", "<location>/virtual/lockfile/SKILL.md</location>", "</skill>"],
  },
  {
    option: "appendSystemPrompt",
    change: `o.appendSystemPrompt = "Mind the lockfile";`,
    checksOrder: true,
    // the added addendum sits where pi puts it: before cwd, not after it
    seen: (prompt) => lines(prompt, /^<[a-z_]+>$/),
    expected: ["<tools>", "<rules>", "<docs>", "<addendum>", "<cwd>"],
  },
  {
    option: "promptGuidelines",
    change: `o.promptGuidelines.push("Never touch the lockfile");`,
    // an added rule comes after the tools' rules and before the two general ones
    seen: (prompt) => lines(prompt, RULE_ORDER),
    expected: ["- Never touch the lockfile", "- Be concise in your responses", "- Show file paths clearly when working with files"],
  },
  {
    option: "promptGuidelines beside a tool's own guidelines",
    // the options' promptGuidelines start empty: the tools' own rules are in toolGuidelines
    change: `o.promptGuidelines.push("Never touch the lockfile, " + o.promptGuidelines.length + " rules given");`,
    setup: GUARD_TOOL,
    seen: (prompt) => lines(prompt, RULE_ORDER),
    expected: ["- Ask before guarding", "- Never touch the lockfile, 0 rules given", "- Be concise in your responses", "- Show file paths clearly when working with files"],
  },
  {
    option: "toolGuidelines (a tool's definition)",
    change: `o.toolGuidelines.guard = ["Never write the lockfile"];`,
    setup: GUARD_TOOL,
    seen: (prompt) => lines(prompt, RULE_ORDER),
    expected: ["- Never write the lockfile", "- Be concise in your responses", "- Show file paths clearly when working with files"],
  },
  { option: "cwd", change: `o.cwd = "C:\\\\virtual\\\\elsewhere";`, seen: (prompt) => /<cwd>\n([^]*?)\n<\/cwd>/.exec(prompt)?.[1], expected: "C:/virtual/elsewhere" },
];

function systemText(body: unknown): string {
  const system = (body as { system?: string | { text: string }[] }).system ?? "";
  return typeof system === "string" ? system : system.map((block) => block.text).join("\n\n");
}

/**
 * The cases in the runs of as few processes as can hold them: edits last for their run only (the first test shows
 * it), so the cases of one extension setup share a process, except that a case which checks where sections sit
 * starts a process of its own.
 */
function runsPerProcess(cases: PartCase[]): PartCase[][] {
  const processes: PartCase[][] = [];
  for (const part of cases) {
    const joined = part.checksOrder ? undefined : processes.filter((runs) => runs[0]!.setup === part.setup).at(-1);
    if (joined) joined.push(part);
    else processes.push([part]);
  }
  return processes;
}

/** The prompt of each run that makes one of `changes`, from one RPC process: run i makes change i. */
async function promptsWith(spawn: (world: CliWorld, args: string[], env: NodeJS.ProcessEnv) => RpcChild, world: CliWorld, changes: string[], setup: string): Promise<string[][]> {
  const extension = join(world.home, "part-change.mjs");
  const cases = changes.map((change) => `(o) => {\n    ${change}\n  }`).join(",\n  ");
  await writeFile(extension, `const changes = [\n  ${cases},\n];\nexport default function (pi) {\n  ${setup}\n  let run = 0;\n  pi.on("before_agent_start", (event) => changes[run++](event.systemPromptOptions));\n}\n`);
  const rpc = spawn(world, ["--no-session", "-e", extension], {});
  const prompts: string[][] = [];
  try {
    while (prompts.length < changes.length) {
      world.mock.enqueue({ text: "one" });
      const from = world.mock.requests.length;
      const start = rpc.peer.records.length;
      await rpc.peer.request({ type: "prompt", message: "first" });
      await rpc.peer.waitFor((record) => record.type === "agent_settled", start);
      prompts.push(world.mock.requests.slice(from).map((request) => systemText(request.body)));
    }
    rpc.peer.end();
    await rpc.exited;
  } finally {
    rpc.child.kill();
  }
  return prompts;
}

describe.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("systemPromptOptions parts", () => {
  // each case's prompts, per program
  const prompts = new Map<string, { pi: string[]; pith: string[] }>();
  let partWorlds: Awaited<ReturnType<typeof sideBySideWorlds>> | undefined;
  beforeAll(async () => {
    partWorlds = await sideBySideWorlds();
    for (const runs of runsPerProcess(PART_CASES)) {
      const changes = runs.map((part) => part.change);
      const setup = runs[0]!.setup ?? "";
      const [pi, pith] = await Promise.all([promptsWith(spawnPiRpc, partWorlds.pi, changes, setup), promptsWith(spawnRpc, partWorlds.pith, changes, setup)]);
      runs.forEach((part, index) => prompts.set(part.option, { pi: pi[index]!, pith: pith[index]! }));
    }
  }, 120_000);
  afterAll(() => partWorlds?.close());

  for (const { option, seen, expected } of PART_CASES) {
    it(`a run's change of systemPromptOptions.${option} reaches its prompt as in pi 1.6.0`, () => {
      const { pi, pith } = prompts.get(option)!;
      expect(pith.map(seen)).toEqual(pi.map(seen));
      expect(pith.map(seen)).toEqual([expected]);
    });
  }
});
