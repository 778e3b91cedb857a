// The rest of the chat side by side with pi 1.6.0 (see pi16-tool-rows.test.ts for the method): your message, a
// streamed Markdown reply, thinking shown and hidden, a failed request.
import { expect, it } from "vitest";
import { settledRows, storedReply, useSideBySide, openStoredSession } from "./side-by-side.js";

const start = useSideBySide();

const MARKDOWN = [
  "# Heading one",
  "",
  "Some **bold**, *italic* and `code` words, and a [link](https://example.com).",
  "",
  "## A list",
  "",
  "- first item",
  "- second item",
  "  - nested item",
  "1. numbered",
  "2. numbered again",
  "",
  "> a quote",
  "",
  "```ts",
  "const answer = 42;",
  "```",
  "",
  "| name | value |",
  "| --- | --- |",
  "| a | 1 |",
  "| b | 2 |",
  "",
  "---",
  "",
  "The end.",
].join("\n");

it("your message, a streamed Markdown reply with thinking (shown, then hidden with ctrl+t) and a failed request read as pi's", async () => {
  const pair = await start({
    rows: 100,
    settings: { theme: "probe" },
    args: ["explain"],
    replies: [
      { thinking: "Let me think about the layout.\nTwo lines of it.", text: MARKDOWN },
      { error: { status: 400, message: "the request was refused" } },
    ],
  });
  await pair.waitFor((screen) => screen.includes("The end."), 20_000);
  const shown = await settledRows(pair, "explain", "The end.");
  expect(shown.pith.text).toEqual(shown.pi.text);
  expect(shown.pith.coloured).toEqual(shown.pi.coloured);

  pair.type("\x14");
  await pair.waitFor((screen) => !screen.includes("Two lines of it.") && screen.includes("Thinking...") && screen.includes("Thinking blocks: hidden"));
  const hidden = await settledRows(pair, "explain", "The end.");
  expect(hidden.pith.text).toEqual(hidden.pi.text);
  expect(hidden.pith.coloured).toEqual(hidden.pi.coloured);

  pair.type("again\r");
  await pair.waitFor((screen) => /Error: 400/.test(screen) && screen.includes("/bug"), 20_000);
  // the failure's text is the provider's error, which pith words itself (docs/compatibility.md): the rows up to
  // it, its colour and the /bug hint's place are compared
  const failure = (run: typeof pair.pith) => {
    const rows = run.buffer().map((row) => row.trimEnd());
    const from = rows.lastIndexOf(" again");
    const error = rows.findIndex((row, index) => index > from && row.startsWith(" Error: 400"));
    const hint = rows.findIndex((row, index) => index > error && row.includes("/bug"));
    const colours = run.bufferColours();
    return { before: rows.slice(from, error), colour: colours[error], blankBeforeHint: rows[hint - 1] === "", hintColour: colours[hint] };
  };
  expect(failure(pair.pith)).toEqual(failure(pair.pi));
  expect(failure(pair.pith).colour).toContain("fg=50331648:");
}, 60_000);


it("an extension's custom message restored from a session reads as pi's", async () => {
  const pair = await start({
    rows: 60,
    settings: { theme: "probe" },
    ready: "Last words.",
    prepare: openStoredSession([
        { role: "user", content: [{ type: "text", text: "question" }] },
        { type: "custom_message", customType: "note", content: "A note from an extension.\nSecond line.", display: true },
        storedReply([{ type: "text", text: "Last words." }]),
    ]),
  });
  // the box, from its label to its last line of text
  const rows = await settledRows(pair, "[note]", "Second line.");
  expect(rows.pith.text).toEqual(rows.pi.text);
  expect(rows.pith.coloured).toEqual(rows.pi.coloured);
  expect(rows.pith.text[1]).toBe("");
}, 60_000);
