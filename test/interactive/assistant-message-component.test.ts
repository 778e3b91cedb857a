// pi 1.6.0's AssistantMessageComponent as extensions get it (pith's shim, drawn by pith's own reply component) beside
// pi's own component on Node 22, given the same steps: drawn, a click on the second of two runs of thinking (that
// run alone is hidden), a new hidden-thinking label (the click's choice kept), setHideThinkingBlock(false) (the
// choice forgotten). The rows' text must be pi's at each step.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TuiMouseEvent } from "@earendil-works/pi-tui";
import { expect, it } from "vitest";
import type { AssistantMessage } from "../../kernel/index.js";
import { AssistantMessageComponent } from "../../plugins/extensions/shims/ui/terminal-messages.js";
import { PI16_PACKAGE, runPiProcess } from "../support/pi-node22.js";
import { removeAfterTest } from "../support/temp-folders.js";

const reply = {
  role: "assistant",
  content: [
    { type: "thinking", thinking: "First run." },
    { type: "text", text: "Between." },
    { type: "thinking", thinking: "Second run." },
    { type: "text", text: "After." },
  ],
  stopReason: "stop",
};

/** what a component's rows read, without colours and prompt marks */
const plain = (lines: readonly string[]) => lines.map((line) => line.replace(/\x1b\[[0-9;]*m|\x1b\][^\x07]*\x07/g, "").trim());

/** a left click on the first row of a component drawn `width` cells wide, as pi-tui's dispatcher hands one over */
const clickAt = (row: number, width: number, height: number): TuiMouseEvent => ({ type: "click", button: "left", x: 2, y: row, screenX: 2, screenY: row, width, height, shift: false, alt: false, ctrl: false });

/** The steps on a component, as a script of their own: run here on pith's shim and under Node 22 on pi's component. */
const STEPS = `
  const plain = ${plain.toString()};
  const clickAt = ${clickAt.toString()};
  const component = new AssistantMessageComponent(reply);
  const drawn = [plain(component.render(60))];
  const lines = component.render(60);
  component.handleMouse(clickAt(plain(lines).indexOf("Second run."), 60, lines.length));
  drawn.push(plain(component.render(60)));
  component.setHiddenThinkingLabel("Mulling");
  drawn.push(plain(component.render(60)));
  component.setHideThinkingBlock(false);
  drawn.push(plain(component.render(60)));
  return drawn;
`;

function pithSteps(): string[][] {
  const run = new Function("AssistantMessageComponent", "reply", STEPS) as (component: typeof AssistantMessageComponent, message: AssistantMessage) => string[][];
  return run(AssistantMessageComponent, reply as unknown as AssistantMessage);
}

async function piSteps(): Promise<string[][]> {
  const folder = removeAfterTest(await mkdtemp(join(tmpdir(), "pith-pi-reply-")));
  const script = join(folder, "steps.mjs");
  const dist = join(PI16_PACKAGE, "dist/modes/interactive");
  await writeFile(
    script,
    `import { initTheme } from ${JSON.stringify(join(dist, "theme/theme.js"))};
import { AssistantMessageComponent } from ${JSON.stringify(join(dist, "components/assistant-message.js"))};
initTheme("dark");
const reply = ${JSON.stringify(reply)};
process.stdout.write(JSON.stringify((() => {${STEPS}})()));
`,
  );
  const result = await runPiProcess([script], { cwd: folder, env: { PATH: process.env.PATH ?? "" } });
  return JSON.parse(result.stdout) as string[][];
}

it("a click hides one run alone, a new label keeps the choice, setHideThinkingBlock forgets it, as pi's component draws it", async () => {
  const pith = pithSteps();
  expect(pith[1]).toEqual(["", "First run.", "", "Between.", "Thinking...", "", "After."]);
  expect(pith[2]).toContain("Mulling");
  expect(pith).toEqual(await piSteps());
});
