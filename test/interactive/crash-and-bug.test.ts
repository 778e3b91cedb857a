// Crash records and /bug as pi 1.6.0 has them: an uncaught error is recorded in <agent dir>/crashes.json (with the
// extension its stack passes through named), the next start mentions it once, a reply failing for no known reason
// points at /bug once, and /bug writes a zip report (with the transcript, or with a summary the model writes
// instead) that carries the crash, is recorded in the session, and empties crashes.json.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const NOISY = fileURLToPath(new URL("./fixtures/noisy-extension.ts", import.meta.url));
const ui = usePtyWorld();

function unzip(archive: string, name?: string): string {
  return execFileSync("unzip", name ? ["-p", archive, name] : ["-Z1", archive], { encoding: "utf8" });
}

async function newestZip(folder: string, seen: ReadonlySet<string>): Promise<string> {
  const zips = (await readdir(folder)).filter((name) => name.endsWith(".zip") && !seen.has(name));
  expect(zips).toHaveLength(1);
  return join(folder, zips[0]!);
}

it("records a crash, mentions it at the next start, hints at /bug after an unexplained error, and /bug writes the report", async () => {
  const world = ui.world();
  const crashes = join(world.agentDir, "crashes.json");
  world.mock.enqueue({ text: "before the crash" });
  const first = await ui.start(["-e", NOISY]);
  first.type("hello\r");
  await first.waitForText("before the crash");
  first.type("/crash\r");
  expect((await first.exited).exitCode).toBe(1);
  expect(first.output).toContain(`A stack frame came from loaded extension \`${NOISY}\``);
  expect(first.output).toContain("To report this crash: run `pith -r` to resume the session, then run /bug");
  const [record] = JSON.parse(await readFile(crashes, "utf8")) as Record<string, unknown>[];
  const sessionDir = join(world.agentDir, "sessions");
  const [sessionName] = (await readdir(sessionDir, { recursive: true })).filter((name) => name.endsWith(".jsonl"));
  expect(record).toMatchObject({ kind: "uncaught_exception", message: "the extension fell over", cwd: world.project, sessionFile: join(sessionDir, sessionName!) });
  expect(record!.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(record!.stack).toContain("noisy-extension.ts");
  expect(Date.parse(record!.timestamp as string)).toBeGreaterThan(Date.now() - 60_000);

  world.mock.enqueue(
    { error: { status: 400, message: "invalid request: the widget is unknown" } },
    { text: "## What the user was doing\nAsking about widgets." },
  );
  const run = await ui.start();
  await run.waitFor((screen) => /pith crashed on .* \(the extension fell over\)\. Run \/bug to report it/.test(screen.replace(/\n/g, " ")));
  expect(JSON.parse(await readFile(crashes, "utf8"))).toMatchObject([{ notified: true }]);
  run.type("what is a widget?\r");
  await run.waitForText("If this looks like a pith bug, /bug writes a report");

  run.type("/bug it broke\r");
  await run.waitForText("What went wrong? (optional)");
  expect(run.screen().join("\n")).toMatch(/^> it broke\s*$/m);
  run.type("\r");
  await run.waitForText("Include the session transcript?");
  run.type("\r");
  await run.waitFor((screen) => screen.includes("Export as Zip") && screen.includes("Transcript: included"));
  run.type("\r");
  await run.waitForText("Report ID:");
  const withTranscript = await newestZip(world.project, new Set());
  expect(unzip(withTranscript).trim().split("\n").sort()).toEqual(["diagnostics.json", "report.json", "session.jsonl"]);
  const report = JSON.parse(unzip(withTranscript, "report.json")) as Record<string, any>;
  expect(report).toMatchObject({ schemaVersion: 1, hint: "it broke", session: { included: true, summaryIncluded: false, cwd: world.project }, model: { provider: "mock", id: "mock-model" } });
  expect(JSON.stringify(report)).not.toContain("test-key");
  const diagnostics = JSON.parse(unzip(withTranscript, "diagnostics.json")) as Record<string, any>;
  expect(diagnostics.crashes).toEqual([expect.objectContaining({ message: "the extension fell over", kind: "uncaught_exception" })]);
  expect(diagnostics.crashes[0]).not.toHaveProperty("notified");
  expect(diagnostics.assistant).toEqual([expect.objectContaining({ stopReason: "error", errorMessage: expect.stringContaining("the widget is unknown") })]);
  expect(unzip(withTranscript, "session.jsonl")).toContain("what is a widget?");
  expect(existsSync(crashes)).toBe(false);

  // without the transcript, a summary the model writes instead
  run.type("/bug\r");
  await run.waitForText("What went wrong? (optional)");
  run.type("\r");
  await run.waitForText("Include the session transcript?");
  run.type("\x1b[B\r");
  await run.waitForText("Yes, generate a summary");
  run.type("\r");
  await run.waitFor((screen) => screen.includes("Export as Zip") && screen.includes("Summary: written by mock-model"));
  run.type("\r");
  const withSummary = await (async () => {
    await run.waitFor(() => readdirSync(world.project).filter((name) => name.endsWith(".zip")).length === 2);
    return newestZip(world.project, new Set([withTranscript.split("/").at(-1)!]));
  })();
  expect(run.screen().join("\n")).toContain("If this looks like a pith bug");
  expect(unzip(withSummary).trim().split("\n").sort()).toEqual(["diagnostics.json", "report.json", "summary.md"]);
  expect(unzip(withSummary, "summary.md")).toBe("## What the user was doing\nAsking about widgets.\n");
  const summaryRequest = world.mock.requests.at(-1)!.body;
  expect(JSON.stringify(summaryRequest.system)).toContain("bug reports");
  expect(JSON.stringify(summaryRequest.messages)).toContain("what is a widget?");
  expect(JSON.parse(unzip(withSummary, "diagnostics.json")).crashes).toEqual([]);

  const stored = await readFile(join(sessionDir, (await readdir(sessionDir, { recursive: true })).filter((name) => name.endsWith(".jsonl")).sort().at(-1)!), "utf8");
  const entries = stored.trim().split("\n").map((line) => JSON.parse(line) as Record<string, any>).filter((entry) => entry.customType === "pi.bug-report");
  expect(entries.map((entry) => entry.data)).toEqual([
    expect.objectContaining({ hint: "it broke", sessionIncluded: true, summaryIncluded: false, delivery: "zip", path: withTranscript }),
    expect.objectContaining({ hint: null, sessionIncluded: false, summaryIncluded: true, delivery: "zip", path: withSummary }),
  ]);
});

it("a /clone that cannot create its session is shown, recorded as fatal_error in crashes.json, and pith quits with 1", async () => {
  const world = ui.world();
  world.mock.enqueue({ text: "A reply to clone." });
  const run = await ui.start();
  run.type("hello\r");
  await run.waitFor((screen) => screen.includes("A reply to clone.") && !screen.includes("Working"));
  // the session's folder becomes a file: no new session file can be made beside the current one
  const sessionsRoot = join(world.agentDir, "sessions");
  const [folder] = await readdir(sessionsRoot);
  const sessionFolder = join(sessionsRoot, folder!);
  await rm(sessionFolder, { recursive: true });
  await writeFile(sessionFolder, "not a folder\n");

  run.type("/clone\r");
  expect((await run.exited).exitCode).toBe(1);
  await run.waitFor(() => run.buffer().some((row) => row.includes("Error: Failed to create session:")));
  const shown = run.buffer().join("\n");
  expect(shown).toContain("To report this crash:");
  expect(shown).toContain("A reply to clone.");
  const crashes = JSON.parse(await readFile(join(world.agentDir, "crashes.json"), "utf8")) as { kind: string; message: string }[];
  expect(crashes).toEqual([expect.objectContaining({ kind: "fatal_error", message: expect.any(String) })]);
});
