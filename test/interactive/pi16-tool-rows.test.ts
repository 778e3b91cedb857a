// The built-in tools' rows side by side with pi 1.6.0: the same replies from each program's own mock server, the
// same project files, the same terminal; the chat's rows must read the same, collapsed and expanded (ctrl+o), and
// carry the same colours (the box's pending/success/error background, the diff's added and removed lines).
import { expect, it } from "vitest";
import { chatRows, sameDurations, storedReply, useSideBySide, openStoredSession } from "./side-by-side.js";

const start = useSideBySide();
const numbered = (count: number, label: string) => `${Array.from({ length: count }, (_, index) => `${label} ${index + 1}`).join("\n")}\n`;

/** the read tool's error text differs on purpose (docs/compatibility.md): pith names the file, pi passes Node's message on */
const sameReadError = (row: string) => row.replace(/ENOENT: no such file or directory, access '[^']*missing\.txt'/, "File not found: missing.txt");

it("read, bash, edit, write and ls rows, successful and failed, read as pi's, collapsed and expanded", async () => {
  const pair = await start({
    rows: 150,
    args: ["--tools", "read,bash,edit,write,ls", "go"],
    // a theme with a colour of its own per role: the rows must use the same roles as pi
    settings: { theme: "probe" },
    files: { "a.txt": numbered(15, "alpha"), "b.txt": "one\ntwo\nthree\n", "sub/x.txt": "x\n", "sub/y.md": "y\n" },
    replies: [
      {
        text: "On it.",
        toolCalls: [
          { name: "read", arguments: { path: "a.txt" } },
          { name: "read", arguments: { path: "a.txt", offset: 3, limit: 2 } },
          { name: "bash", arguments: { command: "seq 1 8", timeout: 30 } },
          { name: "edit", arguments: { path: "b.txt", edits: [{ oldText: "two", newText: "TWO" }] } },
          { name: "write", arguments: { path: "c.txt", content: numbered(12, "gamma") } },
          { name: "ls", arguments: { path: "sub" } },
          { name: "read", arguments: { path: "missing.txt" } },
          { name: "bash", arguments: { command: "echo oops; exit 3" } },
          { name: "edit", arguments: { path: "b.txt", edits: [{ oldText: "absent", newText: "x" }] } },
        ],
      },
      { text: "All done." },
    ],
  });
  await pair.waitFor((screen) => screen.includes("All done."), 20_000);
  const rows = () => ({ pith: chatRows(pair.pith, "go", "All done.", sameDurations), pi: chatRows(pair.pi, "go", "All done.", (row) => sameReadError(sameDurations(row))) });
  const collapsed = rows();
  expect(collapsed.pith.text).toEqual(collapsed.pi.text);
  expect(collapsed.pith.coloured).toEqual(collapsed.pi.coloured);
  // what could differ: the read's content only shows expanded, the diff without the empty line after the last newline
  expect(collapsed.pith.text.join("\n")).not.toContain("alpha 1\n");
  expect(collapsed.pith.text.join("\n")).toMatch(/-2 two\n \+2 TWO\n  3 three\n\n/);

  pair.type("\x0f");
  await pair.waitFor((screen) => screen.includes("gamma 12") && screen.includes("alpha 15") && screen.includes("All done."));
  const expanded = rows();
  expect(expanded.pith.text).toEqual(expanded.pi.text);
  expect(expanded.pith.coloured).toEqual(expanded.pi.coloured);
  expect(expanded.pith.text.join("\n")).toContain(" alpha 15\n");
}, 60_000);

it("grep, find, ls and bash rows of a stored session, with their limits and truncation notes, read as pi's", async () => {
  const call = (id: string, name: string, args: Record<string, unknown>) => ({ type: "toolCall", id, name, arguments: args });
  const result = (id: string, name: string, text: string, details: Record<string, unknown> | undefined, isError = false) => ({
    role: "toolResult",
    toolCallId: id,
    toolName: name,
    content: [{ type: "text", text }],
    ...(details ? { details } : {}),
    isError,
    durationMs: 1234,
  });
  const matches = Array.from({ length: 20 }, (_, index) => `src/file${index}.ts:${index + 1}: const needle = ${index};`).join("\n");
  const found = Array.from({ length: 25 }, (_, index) => `src/file${index}.ts`).join("\n");
  const entries = Array.from({ length: 22 }, (_, index) => `entry${index}`).join("\n");
  const log = Array.from({ length: 9 }, (_, index) => `log line ${index + 1}`).join("\n");
  const pair = await start({
    rows: 150,
    settings: { theme: "probe" },
    ready: "Found them.",
    prepare: openStoredSession([
        { role: "user", content: [{ type: "text", text: "search" }] },
        storedReply(
          [
            call("c1", "grep", { pattern: "needle", path: "src", glob: "*.ts", limit: 20 }),
            call("c2", "find", { pattern: "*.ts", path: "src", limit: 25 }),
            call("c3", "ls", { path: "src" }),
            call("c4", "grep", { pattern: "(", path: "src" }),
            call("c5", "bash", { command: "make" }),
          ],
          "toolUse",
        ),
        result("c1", "grep", matches, { matchLimitReached: 20, linesTruncated: true }),
        result("c2", "find", found, { resultLimitReached: 25, truncation: { truncated: true, maxBytes: 51200 } }),
        result("c3", "ls", entries, { entryLimitReached: 22 }),
        result("c4", "grep", "regex parse error: unclosed group", undefined, true),
        result("c5", "bash", `${log}\n\n[Showing lines 1-9 of 4000. Full output: /tmp/pi-bash-log.txt]`, {
          truncation: { truncated: true, truncatedBy: "lines", outputLines: 9, totalLines: 4000 },
          fullOutputPath: "/tmp/pi-bash-log.txt",
        }),
        storedReply([{ type: "text", text: "Found them." }]),
    ]),
  });
  const rows = () => ({ pith: chatRows(pair.pith, "search", "Found them."), pi: chatRows(pair.pi, "search", "Found them.") });
  const collapsed = rows();
  expect(collapsed.pith.text).toEqual(collapsed.pi.text);
  expect(collapsed.pith.coloured).toEqual(collapsed.pi.coloured);
  expect(collapsed.pith.text.join("\n")).toContain("... (5 more lines, ctrl+o to expand)");

  pair.type("\x0f");
  await pair.waitFor((screen) => screen.includes("src/file24.ts") && screen.includes("entry21") && screen.includes("Found them."));
  const expanded = rows();
  expect(expanded.pith.text).toEqual(expanded.pi.text);
  expect(expanded.pith.coloured).toEqual(expanded.pi.coloured);
}, 60_000);
