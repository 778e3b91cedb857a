// End to end: the built `pith` CLI against the mock LLM server, with extensions given by -e, found in the agent
// folder, and found in an (untrusted, then trusted) project.
import { mkdir, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, jsonLines, type CliWorld } from "../cli/cli-harness.js";

const DOCS_STYLE = fileURLToPath(new URL("./fixtures/docs-style.ts", import.meta.url));
const MODEL = ["--model", "mock/mock-model"];

/** An extension that writes `<name>.ran` into the working folder when the session starts. */
const marker = (name: string) =>
  `import { writeFileSync } from "node:fs";
   import { join } from "node:path";
   import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
   export default function (pi: ExtensionAPI) {
     pi.on("session_start", (_event, ctx) => writeFileSync(join(ctx.cwd, ${JSON.stringify(`${name}.ran`)}), "yes"));
   }`;

const exists = (path: string) =>
  readFile(path).then(
    () => true,
    () => false,
  );

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(() => world.close());

describe("pith with extensions", () => {
  it('-p "/name args" runs an extension command without asking the model', async () => {
    const result = await world.run(["-p", ...MODEL, "-e", DOCS_STYLE, "/stamp from the CLI"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(await readFile(join(world.project, "stamp.txt"), "utf8")).toBe("stamped: from the CLI\n");
    expect(world.mock.requests).toHaveLength(0);
  });

  it("the model calls an extension tool: TypeBox parameters validated, the result sent back", async () => {
    world.mock.enqueue({ toolCalls: [{ name: "append_line", arguments: { path: "log.txt", line: "hello" } }] }, { text: "Appended." });
    const result = await world.run(["--mode", "json", ...MODEL, "-e", DOCS_STYLE, "log hello"]);
    expect(result.code).toBe(0);
    expect(await readFile(join(world.project, "log.txt"), "utf8")).toBe("hello\n");
    const end = jsonLines(result.stdout).find((event) => event.type === "tool_execution_end");
    expect(end).toMatchObject({ toolName: "append_line", isError: false });
    const first = world.mock.requests[0]!.body as { system: unknown; tools: { name: string }[] };
    expect(first.tools.map((tool) => tool.name)).toContain("append_line");
    expect(JSON.stringify(first.system)).toContain("Always answer in one sentence.");
  });

  it("extension flags are parsed in a second pass; an option nobody registered fails", async () => {
    const flags = join(world.home, "flags.ts");
    await writeFile(
      flags,
      `import { writeFileSync } from "node:fs";
       import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
       export default function (pi: ExtensionAPI) {
         pi.registerFlag("shout", { type: "boolean", default: false });
         pi.registerFlag("greeting", { type: "string", default: "hello" });
         pi.registerCommand("flags", { handler: async (_args, ctx) => writeFileSync(ctx.cwd + "/flags.json", JSON.stringify({ shout: pi.getFlag("shout"), greeting: pi.getFlag("greeting") })) });
       }`,
    );
    const result = await world.run(["-p", ...MODEL, "-e", flags, "--greeting", "hej", "--shout", "/flags"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(await readFile(join(world.project, "flags.json"), "utf8"))).toEqual({ shout: true, greeting: "hej" });

    const unknown = await world.run(["-p", ...MODEL, "-e", flags, "--nope", "hi"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown option: --nope");
  });

  it("a project's own extensions run only once the project is trusted", async () => {
    await mkdir(join(world.project, ".pi/extensions"), { recursive: true });
    await writeFile(join(world.project, ".pi/extensions/project.ts"), marker("project"));
    world.mock.enqueue({ text: "one" }, { text: "two" });

    const untrusted = await world.run(["-p", ...MODEL, "hi"]);
    expect(untrusted.code).toBe(0);
    expect(await exists(join(world.project, "project.ran"))).toBe(false);
    expect(untrusted.stderr).toContain("is not trusted, so pith ignores its .pi/extensions");
    expect(untrusted.stderr).toContain("--approve");

    const trusted = await world.run(["-p", ...MODEL, "--trust", "hi"]);
    expect(trusted.code).toBe(0);
    expect(await exists(join(world.project, "project.ran"))).toBe(true);
    // --trust is remembered in pi's trust.json: the next run trusts the project without being told
    await rm(join(world.project, "project.ran"));
    world.mock.enqueue({ text: "three" });
    const remembered = await world.run(["-p", ...MODEL, "hi"]);
    expect(remembered.stderr).not.toContain("not trusted");
    expect(await exists(join(world.project, "project.ran"))).toBe(true);
    expect(JSON.parse(await readFile(join(world.agentDir, "trust.json"), "utf8"))).toEqual({ [await realpath(world.project)]: true });
  });

  it("global extensions load, --no-extensions keeps only -e, and a broken extension is reported while the rest runs", async () => {
    await mkdir(join(world.agentDir, "extensions"), { recursive: true });
    await writeFile(join(world.agentDir, "extensions/global.ts"), marker("global"));
    await writeFile(join(world.agentDir, "extensions/broken.ts"), "export default function (pi) { pi.on( }");
    const cli = join(world.home, "cli.ts");
    await writeFile(cli, marker("cli"));
    world.mock.enqueue({ text: "one" }, { text: "two" });

    const withAll = await world.run(["-p", ...MODEL, "hi"]);
    expect(withAll.code).toBe(0);
    expect(withAll.stdout).toBe("one\n");
    expect(withAll.stderr).toMatch(/Failed to load extension .*broken\.ts/);
    expect(await exists(join(world.project, "global.ran"))).toBe(true);

    await rm(join(world.project, "global.ran"));
    const onlyCli = await world.run(["-p", ...MODEL, "--no-extensions", "-e", cli, "hi"]);
    expect(onlyCli.code).toBe(0);
    expect(onlyCli.stderr).toBe("");
    expect(await exists(join(world.project, "cli.ran"))).toBe(true);
    expect(await exists(join(world.project, "global.ran"))).toBe(false);
  });

  it("a pith plugin in an extension folder imports pith/kernel from the running pith, sharing its classes", async () => {
    await mkdir(join(world.agentDir, "extensions"), { recursive: true });
    await writeFile(
      join(world.agentDir, "extensions/native.ts"),
      `import { writeFileSync } from "node:fs";
       import { join } from "node:path";
       import { AgentSession, definePlugin } from "pith/kernel";
       export default definePlugin({
         name: "native",
         setup(context) {
           writeFileSync(join(context.cwd, "native.ran"), String(context.session instanceof AgentSession));
         },
       });`,
    );
    await writeFile(join(world.agentDir, "extensions/wrong-subpath.ts"), `import { x } from "pith/internal";
export default () => x;`);
    world.mock.enqueue({ text: "fine" });
    const result = await world.run(["-p", ...MODEL, "hi"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("fine\n");
    expect(await readFile(join(world.project, "native.ran"), "utf8")).toBe("true");
    expect(result.stderr).toMatch(/wrong-subpath\.ts imports "pith\/internal", which pith does not provide to extensions/);
  });
});
