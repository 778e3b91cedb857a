// A session file with everything an export shows: two branches (only the last one is active), Markdown, thinking,
// tool calls with results (a bash run with long output, an edit with its diff, a read image), a user `!cmd`, a
// compaction, a branch summary, model changes, usage with cost, a name, and text that tries to inject HTML.
import { makePng } from "../support/png.js";
import { writeFile } from "node:fs/promises";

const time = (minute: number) => new Date(Date.UTC(2026, 10, 30, 9, minute)).toISOString();

function usage(input: number, output: number, cost: number) {
  return { input, output, cacheRead: 100, cacheWrite: 0, totalTokens: input + output + 100, cost: { input: cost / 2, output: cost / 2, cacheRead: 0, cacheWrite: 0, total: cost } };
}

/** a small real PNG (4×3) */
export function tinyPng(): string {
  return makePng(4, 3).toString("base64");
}

export const INJECTIONS = [
  `<script>window.__pwned = "script"</script>`,
  `<img src=x onerror="window.__pwned='img'">`,
  `[click me](javascript:window.__pwned='link')`,
  `![remote](https://example.invalid/tracker.png)`,
  `</pre></details><b id="escaped">bold?</b>`,
];

export const LONG_OUTPUT_LINES = 60;

/** The lines of the fixture; the active branch's visible texts, in order, are `ACTIVE_TEXTS`. */
export function fixtureLines(): object[] {
  const header = { type: "session", version: 3, id: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", timestamp: time(0), cwd: "/home/me/project" };
  let minute = 0;
  const entry = (id: string, parentId: string | null, fields: object) => ({ type: "message", id, parentId, timestamp: time(++minute), ...fields });
  const message = (id: string, parentId: string | null, body: object) => entry(id, parentId, { message: { ...body, timestamp: Date.parse(time(minute + 1)) } });
  const longOutput = Array.from({ length: LONG_OUTPUT_LINES }, (_, i) => `line ${i + 1} of the build log`).join("\n");
  return [
    header,
    { type: "model_change", id: "m1", parentId: null, timestamp: time(0), provider: "mock", modelId: "mock-model" },
    { type: "thinking_level_change", id: "t1", parentId: "m1", timestamp: time(0), thinkingLevel: "high" },
    message("u1", "t1", { role: "user", content: [{ type: "text", text: "First question: **explain** the build" }] }),
    message("a1", "u1", {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "The user wants the build explained." },
        { type: "text", text: "Let me run it.\n\n```sh\nnpm run build\n```" },
        { type: "toolCall", id: "call-bash", name: "bash", arguments: { command: "npm run build" } },
      ],
      api: "anthropic-messages", provider: "mock", model: "mock-model", usage: usage(1200, 300, 0.0123), stopReason: "toolUse",
    }),
    message("r1", "a1", { role: "toolResult", toolCallId: "call-bash", toolName: "bash", content: [{ type: "text", text: longOutput }], isError: false }),
    message("a2", "r1", {
      role: "assistant",
      content: [
        { type: "text", text: "Now the fix.\n\n```ts\nconst a: number = 2; // fixed\n```\n\n```js\n</code></pre><script>window.__pwned = 'code'</script>\n```" },
        { type: "toolCall", id: "call-edit", name: "edit", arguments: { path: "src/app.ts", edits: [{ oldText: "const a = 1;", newText: "const a = 2;" }] } },
        { type: "toolCall", id: "call-read", name: "read", arguments: { path: "logo.png" } },
      ],
      api: "anthropic-messages", provider: "mock", model: "mock-model", usage: usage(2000, 150, 0.02), stopReason: "toolUse",
    }),
    message("r2", "a2", { role: "toolResult", toolCallId: "call-edit", toolName: "edit", content: [{ type: "text", text: "Edited src/app.ts." }], details: { diff: "  1 import x;\n-2 const a = 1;\n+2 const a = 2;\n  3 export {};", firstChangedLine: 2 }, isError: false }),
    message("r3", "r2", { role: "toolResult", toolCallId: "call-read", toolName: "read", content: [{ type: "text", text: "Read image file [image/png]" }, { type: "image", data: tinyPng(), mimeType: "image/png" }], isError: false }),
    // an abandoned branch: a later entry starts again from a2's results
    message("u-old", "r3", { role: "user", content: "ABANDONED BRANCH QUESTION" }),
    message("a-old", "u-old", { role: "assistant", content: [{ type: "text", text: "ABANDONED BRANCH ANSWER" }], api: "anthropic-messages", provider: "mock", model: "mock-model", usage: usage(10, 10, 0.5), stopReason: "stop" }),
    { type: "branch_summary", id: "b1", parentId: "r3", timestamp: time(20), fromId: "r3", summary: "Tried a **different** approach first." },
    { type: "compaction", id: "c1", parentId: "b1", timestamp: time(21), summary: "The build was explained and `a` fixed.", firstKeptEntryId: "r3", tokensBefore: 45678 },
    { type: "session_info", id: "n1", parentId: "c1", timestamp: time(22), name: "Build & <fix> session" },
    { type: "model_change", id: "m2", parentId: "n1", timestamp: time(23), provider: "mock", modelId: "other-model" },
    message("bx", "m2", { role: "bashExecution", command: "git status", output: "nothing to commit", exitCode: 0, cancelled: false, truncated: false }),
    message("u2", "bx", { role: "user", content: [{ type: "text", text: `Second question with tricks:\n\n${INJECTIONS.join("\n\n")}` }] }),
    { type: "custom_message", id: "cm1", parentId: "u2", timestamp: time(40), customType: "reminder", content: "Remember the *style guide*.", display: true },
    { type: "custom_message", id: "cm2", parentId: "cm1", timestamp: time(41), customType: "hidden", content: "HIDDEN CUSTOM MESSAGE", display: false },
    message("a3", "cm2", {
      role: "assistant",
      content: [{ type: "text", text: `Final answer, also with tricks: ${INJECTIONS[0]} and ${INJECTIONS[1]}\n\n| col | val |\n|---|---|\n| a | 1 |` }],
      api: "anthropic-messages", provider: "mock", model: "other-model", usage: usage(3000, 500, 0.03), stopReason: "stop",
    }),
  ];
}

/** the headers of the active branch's messages, in order */
export const ACTIVE_ROLES = ["You", "Assistant · mock-model", "Assistant · mock-model", "You ran", "You", "reminder", "Assistant · other-model"];

export async function writeFixture(path: string): Promise<void> {
  await writeFile(path, fixtureLines().map((line) => JSON.stringify(line)).join("\n") + "\n");
}
