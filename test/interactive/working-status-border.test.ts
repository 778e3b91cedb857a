// Where the working indicator is drawn (pi 1.6.0's `embedWorkingStatus`): in the built-in editor's top border; in
// an extension's CustomEditor's border when it asks for it; on a row of its own above an editor that does not;
// and it moves when the editor is replaced while the agent works.
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { holdUntilReleased } from "../support/mock-llm/index.js";
import { usePtyWorld, type PtyRun } from "./pty-harness.js";

const fixture = fileURLToPath(new URL("./fixtures/border-status-editors.ts", import.meta.url));
const ui = usePtyWorld();

/** the rows showing "Working" (pi 1.6.0's word, without dots), and whether each is an editor border (`── ⠋ Working ───`) */
const workingRows = (run: PtyRun) =>
  run.screen().filter((line) => /\bWorking\b/.test(line)).map((line) => (/^── \S+ Working ─+$/.test(line) ? "border" : line.trim().startsWith("─") ? line : "row"));

it("the working indicator sits in the built-in editor's border, in an embedding editor's border, and on its own row otherwise", async () => {
  // each reply is held until the test has seen where the indicator is drawn while it works
  const replies = Array.from({ length: 4 }, () => holdUntilReleased());
  ui.world().mock.enqueue(...replies.slice(0, 3).map(({ held }) => ({ text: ["slow", " reply"], holdUntil: held })), { text: ["late", " reply"], holdUntil: replies[3]!.held });
  const run = await ui.start(["-e", fixture]);

  run.type("first\r");
  await run.waitFor(() => workingRows(run).length > 0);
  expect(workingRows(run)).toEqual(["border"]);
  replies[0]!.release();
  await run.waitForText("slow reply");
  await run.waitFor(() => workingRows(run).length === 0);

  run.type("/embedded\r");
  await run.waitForText("[embedding editor]");
  run.type("second\r");
  await run.waitFor(() => workingRows(run).length > 0);
  expect(workingRows(run)).toEqual(["border"]);
  replies[1]!.release();
  await run.waitFor(() => workingRows(run).length === 0);

  run.type("/standalone\r");
  await run.waitForText("[standalone editor]");
  run.type("third\r");
  await run.waitFor(() => workingRows(run).length > 0);
  expect(workingRows(run)).toEqual(["row"]);
  // the standalone editor's border stays plain
  expect(run.screen().some((line) => /^─{20,}$/.test(line))).toBe(true);
  replies[2]!.release();
  await run.waitFor(() => workingRows(run).length === 0);

  // replaced while working: the indicator moves from the row into the built-in editor's border
  run.type("fourth\r");
  await run.waitFor(() => workingRows(run).length > 0);
  expect(workingRows(run)).toEqual(["row"]);
  run.type("/builtin\r");
  await run.waitFor(() => !run.screen().join("\n").includes("[standalone editor]"));
  await run.waitFor(() => workingRows(run).join() === "border");
  replies[3]!.release();
  await run.waitForText("late reply");
}, 60_000);
