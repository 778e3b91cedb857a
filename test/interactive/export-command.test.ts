// /export in the interactive UI: an HTML page (a quoted name may hold spaces), a .jsonl session file, and a clear
// message when there is nothing to export yet.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

it("/export writes the page or the session file and says where", async () => {
  const run = await ui.start();
  run.type("/export\r");
  await run.waitForText("Failed to export session: Nothing to export yet");

  ui.world().mock.enqueue({ text: "An answer worth keeping." });
  run.type("keep this\r");
  await run.waitForText("An answer worth keeping.");
  run.type('/export "my page.html"\r');
  await run.waitForText("Session exported to:");
  const page = join(ui.world().project, "my page.html");
  expect(run.screen().join("").replace(/\s+/g, "")).toContain(page.replace(/\s+/g, ""));
  expect(readFileSync(page, "utf8")).toContain("An answer worth keeping.");

  run.type("/export kept.jsonl\r");
  const copy = join(ui.world().project, "kept.jsonl");
  await run.waitFor(() => existsSync(copy));
  await run.waitForText("kept.jsonl");
  const [header, ...entries] = readFileSync(copy, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(header).toMatchObject({ type: "session", version: 3, cwd: ui.world().project });
  // pi 1.6.0's system message declaring the prompt and tools, then the exchange
  expect(entries.filter((entry) => entry.type === "message").map((entry) => (entry.message as { role: string }).role)).toEqual(["system", "user", "assistant"]);
});
