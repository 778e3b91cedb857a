// The custom distribution in docs/examples/custom-distribution, run as its users run it: the `acme` executable
// as a child process, configured through its own ACME_HOME, answering through the mock LLM server. It loads
// pith by its package name, so it runs the built package (dist/, from `npm run build`).
import { spawn } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { exampleWorld, type ExampleWorld } from "./example-world.js";

const ACME = fileURLToPath(new URL("../../docs/examples/custom-distribution/bin/acme.mjs", import.meta.url));

let world: ExampleWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

function acme(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { env, project, agentDir } = world!;
  return new Promise((resolve, reject) => {
    // ACME_HOME instead of pith's agent folder: the distribution reads its own configuration.
    const child = spawn(process.execPath, [ACME, ...args], { cwd: project, env: { ...env, PI_CODING_AGENT_DIR: undefined, ACME_HOME: agentDir }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("a custom distribution with its own CLI name", () => {
  it("answers with its chosen plugins: read-only tools plus word_count, its own system prompt, nothing stored", async () => {
    world = await exampleWorld([{ toolCalls: [{ name: "word_count", arguments: { path: "notes.txt" } }] }, { text: "notes.txt has 4 words." }]);
    writeFileSync(`${world.project}/notes.txt`, "one two three\nfour");
    const result = await acme(["how many words are in notes.txt?"]);

    expect(result).toMatchObject({ code: 0, stdout: "notes.txt has 4 words.\n" });
    expect(result.stderr).toContain('acme: word_count {"path":"notes.txt"}');
    const [first, second] = world.mock.requests;
    expect((first!.body.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["read", "grep", "find", "ls", "word_count"]);
    expect(JSON.stringify(first!.body.system)).toContain("You are Acme's code reader.");
    expect(JSON.stringify(second!.body.messages)).toContain("notes.txt: 4 words");
    expect(readdirSync(world.agentDir)).not.toContain("sessions");
  });

  it("has its own help, version and errors", async () => {
    world = await exampleWorld();
    const help = await acme(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: acme \[options\] <question\.\.\.>/);

    const version = await acme(["--version"]);
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^acme 1\.0\.0 \(pith \d+\.\d+\.\d+\)\n$/) });

    const unknown = await acme(["--model", "nope/nothing", "hello"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^acme: .*nope\/nothing/m);
    expect(world.mock.requests).toEqual([]);
  });
});
