// pi 1.6.0's UserMessageSelectorComponent as an extension opens it (ctx.ui.custom, the keys handed to
// getMessageList() as pi's own /fork hands them), side by side with pi 1.6.0 (see pi16-tool-rows.test.ts for the
// method): every stretch of each row in its colour role, a move with the arrow and the page keys, the entry id that
// onSelect receives on enter, onCancel on escape, a chosen first selection and an empty list that cancels itself.
import { expect, it } from "vitest";
import { colourRuns, openStoredSession, settled, storedReply, useSideBySide, type SideBySide } from "./side-by-side.js";

const start = useSideBySide();

// `/pick [initialSelectedId | none]`: the branch's user messages (none: an empty list) in pi's selector; what its
// callbacks received comes back as a numbered notification (each replaces the one before)
const PICK_EXTENSION = `
import { UserMessageSelectorComponent, type ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Container } from "@earendil-works/pi-tui";

class Keyed extends Container {
  constructor(private readonly selector: UserMessageSelectorComponent) {
    super();
    this.addChild(selector);
  }
  handleInput(data: string): void {
    this.selector.getMessageList().handleInput(data);
  }
}

const textOf = (content: unknown) =>
  typeof content === "string" ? content : (content as { type: string; text?: string }[]).map((part) => part.text ?? "").join("");

export default function (pi: ExtensionAPI) {
  let picks = 0;
  pi.registerCommand("pick", {
    description: "picks one of your messages",
    handler: async (args, ctx) => {
      const wanted = args.trim();
      const messages = wanted === "none" ? [] : ctx.sessionManager.getBranch().flatMap((entry) =>
        entry.type === "message" && entry.message.role === "user" ? [{ id: entry.id, text: textOf(entry.message.content) }] : []);
      const answer = await ctx.ui.custom<string>((_tui, _theme, _keys, done) =>
        new Keyed(new UserMessageSelectorComponent(messages, (id) => done("chose " + id), () => done("cancelled"), wanted || undefined)));
      ctx.ui.notify("pick " + ++picks + ": " + answer, "info");
    },
  });
}
`;

const LONG = `a long question ${"that goes on and on ".repeat(8)}until the end`;
const question = (n: number) => (n === 5 ? "fifth question\nspread over\nthree lines" : n === 7 ? LONG : `question number ${n}`);
// twelve user messages (entries e0000001, e0000003, ... e0000023), more than the ten the list shows at once
const twelveTurns = openStoredSession(
  Array.from({ length: 12 }, (_, index) => [{ role: "user", content: [{ type: "text", text: question(index + 1) }] }, storedReply([{ type: "text", text: `Answer ${index + 1}.` }])]).flat() as never,
);

/** both programs' rows from the title to the footer's path, once they read the same (or, after a while, as they are) */
async function sameRuns(pair: SideBySide): Promise<string[]> {
  const runs = await settled(pair, (side) => colourRuns(pair[side], "Fork from Message", "~/project"), 5000);
  expect(runs.pith).toEqual(runs.pi);
  return runs.pith;
}

it("an extension's UserMessageSelectorComponent draws, moves, chooses and cancels as pi's", async () => {
  const pair = await start({ rows: 60, settings: { theme: "probe" }, ready: "Answer 12.", prepare: twelveTurns, args: ["-e", "./pick.ts"], files: { "pick.ts": PICK_EXTENSION } });
  // pi's start is over when it says ripgrep is missing, by then above the screen's rows
  await pair.pi.waitFor(() => pair.pi.buffer().join("\n").includes("ripgrep not found"), 20_000);

  pair.type("/pick\r");
  await pair.waitFor((screen) => screen.includes("(12/12)"));
  const rows = (await sameRuns(pair)).join("\n");
  // pith drew a searchable list titled "Fork from a message": no "Message n of N", no scroll count
  expect(rows).toContain("Message 12 of 12|fg=muted");
  expect(rows).toMatch(/› \|fg=accent/);

  pair.type("\x1b[A");
  await pair.waitFor((screen) => screen.includes("(11/12)"));
  await sameRuns(pair);
  pair.type("\x1b[5~");
  await pair.waitFor((screen) => !screen.includes("(11/12)"));
  const paged = await sameRuns(pair);
  pair.type("\r");
  await pair.waitFor((screen) => screen.includes("pick 1: chose"));
  const chosen = await settled(pair, (side) => pair[side].screen().find((row) => row.includes("pick 1: chose"))?.trim(), 5000);
  expect(chosen.pith).toEqual(chosen.pi);
  // onSelect got the entry id of the message the page key moved to
  const at = Number(/\((\d+)\/12\)/.exec(paged.join("\n"))?.[1]);
  expect(chosen.pith).toBe(`pick 1: chose e${String(2 * at - 1).padStart(7, "0")}`);

  // a first selection given by id (the third message), then escape
  pair.type("/pick e0000005\r");
  await pair.waitFor((screen) => screen.includes("(3/12)"));
  await sameRuns(pair);
  pair.type("\x1b");
  await pair.waitFor((screen) => screen.includes("pick 2: cancelled"));

  // with no messages it cancels itself
  pair.type("/pick none\r");
  await pair.waitFor((screen) => screen.includes("pick 3: cancelled"));
}, 120_000);
