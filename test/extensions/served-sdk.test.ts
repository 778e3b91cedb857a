// pi 1.6.0's SDK inside an extension: a tool that runs a sub-agent with pi's `createAgentSession` (its own system
// prompt, tools, custom tool and model), loaded with `-e` into pith and into pi 1.6.0 itself (Node 22) against the
// same mock server. The sub-session's requests, the events its `subscribe` delivers, its result handed back to the
// outer run, an abort reaching it through the tool's signal, and disposal are compared side by side; so is a sub-agent
// whose session is fed by pi's DefaultResourceLoader (its prompt, appended text, context file, skills, inline
// extension).
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { spawnPiRpc, spawnRpc } from "../rpc/rpc-harness.js";
import type { RecordedRequest } from "../support/mock-llm/index.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { delegateExtension } from "./sub-agent-extension.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);

/** the extension, the same file for both programs; it appends what the sub-session showed it to `log` */
function subAgentExtension(log: string): string {
  const imports = `import { createAgentSession, createExtensionRuntime } from "@earendil-works/pi-coding-agent";`;
  const prelude = `
    const loader = () => ({
      getExtensions: () => ({ extensions: [], errors: [], runtime: createExtensionRuntime() }),
      getSkills: () => ({ skills: [], diagnostics: [] }),
      getPrompts: () => ({ prompts: [], diagnostics: [] }),
      getThemes: () => ({ themes: [], diagnostics: [] }),
      getAgentsFiles: () => ({ agentsFiles: [] }),
      getSystemPrompt: () => "You are the sub-agent. Answer in one line.",
      getSystemPromptSource: () => undefined,
      getAppendSystemPrompt: () => [],
      getAppendSystemPromptSources: () => [],
      extendResources: () => {},
      reload: async () => {},
    });`;
  return delegateExtension(log, imports, `
          const { session } = await createAgentSession({
            cwd: ctx.cwd, model: ctx.model, thinkingLevel: "off", tools: ["read", "shout"], customTools: [shout], resourceLoader: loader(),
          });
          const events: string[] = [];
          session.subscribe((event: any) => events.push(event.message ? event.type + ":" + event.message.role : event.type));
          const stop = () => void session.abort();
          signal?.addEventListener("abort", stop);
          try {
            await session.prompt(params.task);
          } finally {
            signal?.removeEventListener("abort", stop);
          }
          const text = session.getLastAssistantText();
          record({
            events,
            roles: session.messages.map((message: any) => message.role),
            model: session.model?.id,
            thinking: session.thinkingLevel,
            tools: session.getActiveToolNames().sort(),
            systemPrompt: session.systemPrompt.startsWith("You are the sub-agent."),
            stored: typeof session.sessionFile === "string",
            lastStop: session.messages.at(-1)?.stopReason,
            streaming: session.isStreaming,
          });
          session.dispose();
          return { content: [{ type: "text", text: "sub-agent said: " + text }], details: {} };`, prelude);
}

/** pi's DefaultResourceLoader (no discovery, an additional skill folder, an inline factory, overrides) handed to createAgentSession */
function loaderSubAgentExtension(log: string, skills: string): string {
  const imports = `import { createAgentSession, DefaultResourceLoader, getAgentDir } from "@earendil-works/pi-coding-agent";`;
  return delegateExtension(log, imports, `
          const loader = new DefaultResourceLoader({
            cwd: ctx.cwd, agentDir: getAgentDir(),
            noExtensions: true, noSkills: true, noPromptTemplates: true, noContextFiles: true,
            additionalSkillPaths: [${JSON.stringify(skills)}],
            extensionFactories: [(sub: any) => { factoryRuns++; sub.registerTool(shout); }],
            systemPromptOverride: () => "You are the sub-agent. Answer in one line.",
            appendSystemPromptOverride: () => ["Appended by the loader."],
            agentsFilesOverride: () => ({ agentsFiles: [{ path: "/virtual/AGENTS.md", content: "Virtual rules for the sub-agent." }] }),
            skillsOverride: (base: any) => ({ ...base, skills: base.skills.filter((skill: any) => skill.name !== "dropped") }),
          });
          await loader.reload();
          const { session } = await createAgentSession({ cwd: ctx.cwd, model: ctx.model, thinkingLevel: "off", tools: ["read", "shout"], resourceLoader: loader });
          await session.prompt(params.task);
          const text = session.getLastAssistantText();
          record({
            factoryRuns,
            tools: session.getActiveToolNames().sort(),
            loaderTools: loader.getExtensions().extensions.flatMap((extension: any) => [...extension.tools.keys()]),
            loaderSkills: loader.getSkills().skills.map((skill: any) => skill.name),
            systemPrompt: loader.getSystemPrompt(),
          });
          session.dispose();
          return { content: [{ type: "text", text: "sub-agent said: " + text }], details: {} };`, "let factoryRuns = 0;");
}

/** DefaultResourceLoader's sub-agent: a request's system prompt start, the skills it offers, whether the appended text is there, its tools */
function loaderRequestShape(request: RecordedRequest) {
  const body = request.body as { system?: string | { text: string }[]; tools?: { name: string }[] };
  const system = typeof body.system === "string" ? body.system : (body.system ?? []).map((block) => block.text).join("\n");
  return {
    subAgent: system.startsWith("You are the sub-agent."),
    appended: system.includes("Appended by the loader."),
    contextFile: system.includes("/virtual/AGENTS.md") && system.includes("Virtual rules for the sub-agent."),
    skills: [...system.matchAll(/<name>([^<]+)<\/name>/g)].map((match) => match[1]),
    tools: (body.tools ?? []).map((tool) => tool.name).sort(),
  };
}

interface SubRecord {
  events: string[];
  roles: string[];
  model: string;
  thinking: string;
  tools: string[];
  systemPrompt: boolean;
  stored: boolean;
  lastStop: string;
  streaming: boolean;
}

/** what one request asked for: its system prompt's start, the tools it declared, the roles it sent */
function requestShape(request: RecordedRequest) {
  const body = request.body as { model: string; system?: string | { text: string }[]; tools?: { name: string }[]; messages: { role: string }[] };
  const system = typeof body.system === "string" ? body.system : (body.system ?? []).map((block) => block.text).join("\n");
  return {
    model: body.model,
    subAgent: system.startsWith("You are the sub-agent."),
    tools: (body.tools ?? []).map((tool) => tool.name).sort(),
    roles: body.messages.map((message) => message.role),
  };
}

/** runs of message_update collapse to one: their count follows the provider's chunks */
const collapsed = (events: string[]) => events.filter((event, index) => !(event.startsWith("message_update") && events[index - 1]?.startsWith("message_update")));

async function readLog(path: string): Promise<Record<string, unknown>[]> {
  return (await readFile(path, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function untilRequests(world: CliWorld, count: number): Promise<void> {
  while (world.mock.requests.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.skipIf(!available)("pi's createAgentSession in an extension, against pi 1.6.0", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
  });
  afterEach(async () => {
    await world.close();
  });

  async function extensionFor(side: "pi" | "pith", source: (log: string) => string = subAgentExtension) {
    const log = join(world.home, `${side}-sub.jsonl`);
    const path = join(world.home, `${side}-delegate.ts`);
    await writeFile(path, source(log));
    return { log, path };
  }

  /** the outer run asks for `delegate`, the sub-session for `shout`, then each answers; the run's requests and output */
  async function delegateShouting(side: "pi" | "pith", source?: (log: string) => string) {
    const { log, path } = await extensionFor(side, source);
    const from = world.mock.requests.length;
    world.mock.enqueue(
      { toolCalls: [{ name: "delegate", arguments: { task: "shout hello" } }] },
      { toolCalls: [{ name: "shout", arguments: { text: "hello" } }] },
      { text: "It says HELLO." },
      { text: "The sub-agent is done." },
    );
    const args = ["-ne", "-e", path, "--model", "mock/mock-model", "-p", "delegate the shouting"];
    const result = side === "pi" ? await runPiCli(world, args) : await world.run(args);
    expect(result.code, result.stderr).toBe(0);
    return { log, stdout: result.stdout.trim(), requests: world.mock.requests.slice(from) };
  }

  it("print mode: the sub-session's own prompt, tools and model; its events; its answer back in the outer run; disposed", { timeout: 180_000 }, async () => {
    const run = async (side: "pi" | "pith") => {
      const { log, stdout, requests } = await delegateShouting(side);
      const lastUser = (requests.at(-1)!.body as { messages: { role: string; content: { type: string; content?: unknown }[] }[] }).messages.at(-1)!;
      const [sub] = await readLog(log);
      return { stdout, requests: requests.map(requestShape), handedBack: lastUser.content.filter((block) => block.type === "tool_result").map((block) => block.content), sub: sub as unknown as SubRecord };
    };
    const pi = await run("pi");
    const pith = await run("pith");

    // the outer run, the sub-session's two requests, the outer run again
    expect(pith.requests.map((request) => request.subAgent)).toEqual([false, true, true, false]);
    expect(pith.requests[1]!.tools).toEqual(["read", "shout"]);
    expect(pith.requests[0]!.tools).toContain("delegate");
    expect(pith.requests[1]!.model).toBe("mock-model");
    expect(pith.handedBack).toEqual(["sub-agent said: It says HELLO."]);
    expect(pith.stdout).toBe("The sub-agent is done.");
    expect(pith.sub).toMatchObject({ model: "mock-model", thinking: "off", tools: ["read", "shout"], systemPrompt: true, stored: true, lastStop: "stop", streaming: false });
    expect(pith.sub.events).toContain("tool_execution_end");
    expect(pith.sub.events.at(-1)).toBe("agent_settled");

    expect(pith.requests).toEqual(pi.requests);
    expect(pith.handedBack).toEqual(pi.handedBack);
    expect(pith.stdout).toEqual(pi.stdout);
    expect({ ...pith.sub, events: collapsed(pith.sub.events) }).toEqual({ ...pi.sub, events: collapsed(pi.sub.events) });
  });

  it("the sub-session takes the loader's prompt, appended text, context files, skills and inline extension; its factory runs once", { timeout: 180_000 }, async () => {
    const skills = join(world.home, "sub-skills");
    for (const name of ["kept", "dropped"]) {
      await mkdir(join(skills, name), { recursive: true });
      await writeFile(join(skills, name, "SKILL.md"), `---\nname: ${name}\ndescription: The ${name} skill\n---\nBody\n`);
    }
    const run = async (side: "pi" | "pith") => {
      const { log, stdout, requests } = await delegateShouting(side, (log) => loaderSubAgentExtension(log, skills));
      const [sub] = await readLog(log);
      return { stdout, requests: requests.map(loaderRequestShape), sub };
    };
    const pi = await run("pi");
    const pith = await run("pith");

    expect(pith.requests.map((request) => request.subAgent)).toEqual([false, true, true, false]);
    expect(pith.requests[1]).toEqual({ subAgent: true, appended: true, contextFile: true, skills: ["kept"], tools: ["read", "shout"] });
    expect(pith.sub).toEqual({ factoryRuns: 1, tools: ["read", "shout"], loaderTools: ["shout"], loaderSkills: ["kept"], systemPrompt: "You are the sub-agent. Answer in one line." });
    expect(pith.stdout).toBe("The sub-agent is done.");

    expect(pith.requests).toEqual(pi.requests);
    expect(pith.sub).toEqual(pi.sub);
    expect(pith.stdout).toEqual(pi.stdout);
  });

  it("RPC: aborting the outer run aborts the sub-session through the tool's signal", { timeout: 180_000 }, async () => {
    const run = async (side: "pi" | "pith") => {
      const { log, path } = await extensionFor(side);
      const from = world.mock.requests.length;
      world.mock.enqueue(
        { toolCalls: [{ name: "delegate", arguments: { task: "take your time" } }] },
        { text: Array.from({ length: 50 }, (_, index) => `part ${index} `), delayMs: 100 },
      );
      const rpc = side === "pi" ? spawnPiRpc(world, ["-ne", "-e", path]) : spawnRpc(world, ["-ne", "-e", path]);
      try {
        const accepted = await rpc.peer.request({ type: "prompt", message: "delegate a long task" });
        expect(accepted.success, rpc.stderr()).toBe(true);
        await untilRequests(world, from + 2);
        await rpc.peer.waitFor((record) => record.type === "tool_execution_update" || record.type === "tool_execution_start");
        const aborted = await rpc.peer.request({ type: "abort" });
        expect(aborted.success).toBe(true);
        await rpc.peer.waitForEvent("agent_settled");
        const end = rpc.peer.ofType("tool_execution_end")[0] as { result: { content: { text: string }[] } } | undefined;
        const [sub] = await readLog(log);
        return { sub: sub as unknown as SubRecord, toolText: end?.result.content[0]?.text, requests: world.mock.requests.length - from };
      } finally {
        rpc.peer.end();
        await rpc.exited;
      }
    };
    const pi = await run("pi");
    const pith = await run("pith");

    expect(pith.sub.lastStop).toBe("aborted");
    expect(pith.sub.streaming).toBe(false);
    expect(pith.requests).toBe(2);
    expect(pith.sub.lastStop).toEqual(pi.sub.lastStop);
    expect(pith.sub.roles).toEqual(pi.sub.roles);
    expect(collapsed(pith.sub.events)).toEqual(collapsed(pi.sub.events));
    expect(pith.toolText).toEqual(pi.toolText);
    expect(pith.requests).toEqual(pi.requests);
  });
});

// pith's own: pi 1.6.0 still runs prompts on a disposed session (its dispose only detaches listeners); pith's
// closes the session's plugins and files, and refuses.
describe("pi's createAgentSession in an extension, pith alone", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
  });
  afterEach(async () => {
    await world.close();
  });

  it("a session manager that keeps nothing (isPersisted() false) gives a sub-session that writes no file; a disposed one refuses prompts", { timeout: 120_000 }, async () => {
    const log = join(world.home, "memory.jsonl");
    const path = join(world.home, "memory.ts");
    await writeFile(
      path,
      `import { createAgentSession } from "@earendil-works/pi-coding-agent";
       import { appendFileSync } from "node:fs";
       export default function (pi: any) {
         pi.registerCommand("sub", { handler: async (_args: string, ctx: any) => {
           // pi's SessionManager read through the methods pi declares (isPersisted, getCwd, getSessionFile)
           const inMemory = { getCwd: () => ctx.cwd, isPersisted: () => false, getSessionFile: () => undefined };
           const { session } = await createAgentSession({ model: ctx.model, sessionManager: inMemory, tools: [] });
           await session.prompt("hi");
           appendFileSync(${JSON.stringify(log)}, JSON.stringify({ file: session.sessionFile ?? null, text: session.getLastAssistantText() }) + "\\n");
           await session.dispose();
           const again = await session.prompt("again").then(() => "accepted", (error: any) => error.code);
           appendFileSync(${JSON.stringify(log)}, JSON.stringify({ again }) + "\\n");
         } });
       }`,
    );
    world.mock.enqueue({ text: "memory only" });
    const result = await world.run(["-ne", "-e", path, "--model", "mock/mock-model", "--no-session", "-p", "/sub"]);
    expect(result.code, result.stderr).toBe(0);
    expect(await readLog(log)).toEqual([{ file: null, text: "memory only" }, { again: "SESSION_DISPOSED" }]);
    const sessions = join(world.agentDir, "sessions");
    expect(existsSync(sessions) ? await readdir(sessions, { recursive: true }) : []).toEqual([]);
  });

  it("createAgentSessionRuntime from services: a new session replaces the session object, ends the old one's subscriptions and rebinds", { timeout: 120_000 }, async () => {
    const log = join(world.home, "runtime.jsonl");
    const path = join(world.home, "runtime.ts");
    await writeFile(
      path,
      `import { createAgentSessionFromServices, createAgentSessionRuntime, createAgentSessionServices } from "@earendil-works/pi-coding-agent";
       import { appendFileSync } from "node:fs";
       const record = (entry: unknown) => appendFileSync(${JSON.stringify(log)}, JSON.stringify(entry) + "\\n");
       export default function (pi: any) {
         pi.registerCommand("runtime", { handler: async (_args: string, ctx: any) => {
           const inMemory = { getCwd: () => ctx.cwd, isPersisted: () => false, getSessionFile: () => undefined };
           const runtime = await createAgentSessionRuntime(async ({ cwd, sessionManager }: any) => {
             const services = await createAgentSessionServices({ cwd, resourceLoaderOptions: { systemPrompt: "You are the runtime's agent." } });
             return { ...(await createAgentSessionFromServices({ services, sessionManager, model: ctx.model, tools: [] })), services, diagnostics: services.diagnostics };
           }, { cwd: ctx.cwd, agentDir: "", sessionManager: inMemory });
           const seen: string[] = [];
           const first = runtime.session;
           first.subscribe((event: any) => seen.push("first:" + event.type));
           const rebound: unknown[] = [];
           runtime.setRebindSession(async (session: any) => { rebound.push(session === runtime.session); session.subscribe((event: any) => seen.push("second:" + event.type)); });
           await first.prompt("one");
           const before = first.messages.length;
           const moved = await runtime.newSession();
           const second = runtime.session;
           await second.prompt("two");
           const refused = await first.prompt("three").then(() => "accepted", (error: any) => error.code);
           record({ moved, before, after: second.messages.map((message: any) => message.role), same: first === second, rebound, refused,
             firstEvents: seen.filter((event) => event.startsWith("first:")).length > 0,
             firstAfterMove: seen.slice(seen.indexOf("second:agent_start")).some((event) => event.startsWith("first:")),
             secondSettled: seen.includes("second:agent_settled") });
           await runtime.dispose();
         } });
       }`,
    );
    world.mock.enqueue({ text: "first answer" }, { text: "second answer" });
    const result = await world.run(["-ne", "-e", path, "--model", "mock/mock-model", "--no-session", "-p", "/runtime"]);
    expect(result.code, result.stderr).toBe(0);
    expect(await readLog(log)).toEqual([
      {
        moved: { cancelled: false },
        before: 3,
        after: ["system", "user", "assistant"],
        same: false,
        rebound: [true],
        refused: "SESSION_DISPOSED",
        firstEvents: true,
        firstAfterMove: false,
        secondSettled: true,
      },
    ]);
    const system = (world.mock.requests.at(-1)!.body as { system?: { text: string }[] }).system ?? [];
    expect(system.map((block) => block.text).join("\n")).toMatch(/^You are the runtime's agent\./);
  });
});
