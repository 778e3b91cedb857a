import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEditTool } from "../../plugins/tools/index.js";
import { runError, runOk, tempDir } from "./harness.js";

async function setup(content: string | Buffer) {
  const cwd = await tempDir();
  await writeFile(join(cwd, "f.txt"), content);
  return { edit: createEditTool({ cwd }), file: join(cwd, "f.txt") };
}

describe("edit: replacing", () => {
  it("replaces one exact block and returns a numbered diff", async () => {
    const { edit, file } = await setup("one\ntwo\nthree\n");
    const { text, result } = await runOk(edit, { path: "f.txt", edits: [{ oldText: "two", newText: "TWO\nmore" }] });
    expect(text).toBe("Successfully replaced 1 block(s) in f.txt.");
    expect(await readFile(file, "utf-8")).toBe("one\nTWO\nmore\nthree\n");
    expect(result.details).toEqual({
      // no row for the empty "line" after the final newline, as pi's diff
      diff: [" 1 one", "-2 two", "+2 TWO", "+3 more", " 3 three"].join("\n"),
      firstChangedLine: 2,
    });
  });

  it("elides unchanged stretches longer than the context in the diff", async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `l${i + 1}`);
    const { edit } = await setup(lines.join("\n"));
    const { result } = await runOk(edit, {
      path: "f.txt",
      edits: [
        { oldText: "l10\n", newText: "ten\n" },
        { oldText: "l25", newText: "twenty-five" },
      ],
    });
    expect((result.details as { diff: string }).diff.split("\n")).toEqual([
      "    ...",
      "  6 l6",
      "  7 l7",
      "  8 l8",
      "  9 l9",
      "-10 l10",
      "+10 ten",
      " 11 l11",
      " 12 l12",
      " 13 l13",
      " 14 l14",
      "    ...",
      " 21 l21",
      " 22 l22",
      " 23 l23",
      " 24 l24",
      "-25 l25",
      "+25 twenty-five",
      " 26 l26",
      " 27 l27",
      " 28 l28",
      " 29 l29",
      "    ...",
    ]);
  });

  it("matches every edit against the original text and applies them together", async () => {
    const { edit, file } = await setup("alpha\nbeta\ngamma\n");
    const { text } = await runOk(edit, {
      path: "f.txt",
      edits: [
        { oldText: "alpha", newText: "beta" },
        { oldText: "beta", newText: "delta" },
      ],
    });
    expect(text).toBe("Successfully replaced 2 block(s) in f.txt.");
    expect(await readFile(file, "utf-8")).toBe("beta\ndelta\ngamma\n");
  });

  it("accepts the single-edit form and edits sent as a JSON string", async () => {
    const { edit, file } = await setup("a b c");
    await runOk(edit, { path: "f.txt", oldText: "a", newText: "A" });
    await runOk(edit, { path: "f.txt", edits: JSON.stringify([{ oldText: "b", newText: "B" }]), oldText: "c", newText: "C" });
    expect(await readFile(file, "utf-8")).toBe("A B C");
  });

  it("keeps CRLF line endings and the byte order mark", async () => {
    const { edit, file } = await setup("\uFEFFfirst\r\nsecond\r\nthird\r\n");
    await runOk(edit, { path: "f.txt", edits: [{ oldText: "second\nthird", newText: "2nd\n3rd" }] });
    expect(await readFile(file, "utf-8")).toBe("\uFEFFfirst\r\n2nd\r\n3rd\r\n");
  });

  it("keeps LF files LF when newText carries CRLF", async () => {
    const { edit, file } = await setup("x\ny\n");
    await runOk(edit, { path: "f.txt", edits: [{ oldText: "y", newText: "y1\r\ny2" }] });
    expect(await readFile(file, "utf-8")).toBe("x\ny1\ny2\n");
  });
});

describe("edit: fuzzy matching", () => {
  const cases: [string, string, string, string][] = [
    ["trailing whitespace in the file", "  value = 1;   \nnext", "value = 1;\nnext", "value = 2;\nnext"],
    ["smart quotes", "say \u201Chi\u201D and \u2018bye\u2019", 'say "hi" and \'bye\'', "said"],
    ["dashes", "range 1\u20132 \u2014 done", "range 1-2 - done", "ok"],
    ["no-break spaces", "a\u00A0b\u202Fc", "a b c", "abc"],
    ["full-width forms (NFKC)", "\uFF21\uFF22\uFF23 = 1", "ABC = 1", "ABC = 2"],
  ];
  for (const [name, content, oldText, newText] of cases) {
    it(`matches despite ${name}`, async () => {
      const { edit, file } = await setup(content);
      await runOk(edit, { path: "f.txt", edits: [{ oldText, newText }] });
      expect(await readFile(file, "utf-8")).toContain(newText);
    });
  }

  it("prefers an exact match and leaves the rest of the file untouched", async () => {
    const { edit, file } = await setup("keep \u201Cquotes\u201D   \nplain target\n");
    await runOk(edit, { path: "f.txt", edits: [{ oldText: "plain target", newText: "done" }] });
    expect(await readFile(file, "utf-8")).toBe("keep \u201Cquotes\u201D   \ndone\n");
  });

  it("rewrites the file in normalized form when a fuzzy match was needed (as pi does)", async () => {
    const { edit, file } = await setup("\u201Cq\u201D   \nit\u2019s here\n");
    await runOk(edit, { path: "f.txt", edits: [{ oldText: "it's here", newText: "it is here" }] });
    expect(await readFile(file, "utf-8")).toBe('"q"\nit is here\n');
  });

  it("accepts an exact unique oldText even when a typographic twin exists", async () => {
    const { edit, file } = await setup("it's\nit\u2019s\n");
    await runOk(edit, { path: "f.txt", edits: [{ oldText: "it's", newText: "it is" }] });
    expect(await readFile(file, "utf-8")).toBe("it is\nit\u2019s\n");
  });
});

describe("edit: errors", () => {
  it("reports a missing file with its error code", async () => {
    const { edit } = await setup("x");
    expect(await runError(edit, { path: "nope.txt", edits: [{ oldText: "a", newText: "b" }] })).toBe(
      "Could not edit file: nope.txt. Error code: ENOENT.",
    );
  });

  it("names the failing edit when the text is not found", async () => {
    const { edit } = await setup("abc");
    expect(await runError(edit, { path: "f.txt", edits: [{ oldText: "zzz", newText: "y" }] })).toBe(
      "Could not find the exact text in f.txt. The old text must match exactly including all whitespace and newlines.",
    );
    expect(
      await runError(edit, {
        path: "f.txt",
        edits: [
          { oldText: "a", newText: "1" },
          { oldText: "zzz", newText: "2" },
        ],
      }),
    ).toBe("Could not find edits[1] in f.txt. The oldText must match exactly including all whitespace and newlines.");
  });

  it("refuses text that occurs more than once", async () => {
    const { edit, file } = await setup("x = 1\nx = 1\ny");
    expect(await runError(edit, { path: "f.txt", edits: [{ oldText: "x = 1", newText: "x = 2" }] })).toBe(
      "Found 2 occurrences of the text in f.txt. The text must be unique. Please provide more context to make it unique.",
    );
    expect(
      await runError(edit, {
        path: "f.txt",
        edits: [
          { oldText: "y", newText: "z" },
          { oldText: "x = 1", newText: "x = 2" },
        ],
      }),
    ).toBe(
      "Found 2 occurrences of edits[1] in f.txt. Each oldText must be unique. Please provide more context to make it unique.",
    );
    expect(await readFile(file, "utf-8")).toBe("x = 1\nx = 1\ny");
  });

  it("refuses empty, overlapping and no-op edits", async () => {
    const { edit } = await setup("hello world");
    expect(await runError(edit, { path: "f.txt", edits: [{ oldText: "", newText: "x" }] })).toBe(
      "oldText must not be empty in f.txt.",
    );
    expect(
      await runError(edit, {
        path: "f.txt",
        edits: [
          { oldText: "hello", newText: "x" },
          { oldText: "", newText: "y" },
        ],
      }),
    ).toBe("edits[1].oldText must not be empty in f.txt.");
    expect(
      await runError(edit, {
        path: "f.txt",
        edits: [
          { oldText: "lo wor", newText: "x" },
          { oldText: "hello", newText: "y" },
        ],
      }),
    ).toBe("edits[1] and edits[0] overlap in f.txt. Merge them into one edit or target disjoint regions.");
    expect(await runError(edit, { path: "f.txt", edits: [{ oldText: "hello", newText: "hello" }] })).toMatch(
      /^No changes made to f\.txt\. The replacement produced identical content\./,
    );
  });

  it("validates the shape of edits", async () => {
    const { edit } = await setup("x");
    expect(await runError(edit, { path: "f.txt", edits: [] })).toContain(
      "edits: edits must contain at least one {oldText, newText} replacement",
    );
    // a single value is wrapped into a one-item array (pi's coercion), so the item's shape is what fails
    expect(await runError(edit, { path: "f.txt", edits: "not json" })).toContain("edits[0]: expected object, received string");
    expect(await runError(edit, { path: "f.txt", edits: [{ oldText: "x" }] })).toContain(
      "edits[0].newText: required string is missing",
    );
    expect(await runError(edit, { path: "f.txt", edits: [{ oldText: "x", newText: "y", all: true }] })).toContain(
      'edits[0]: Unrecognized key: "all"',
    );
  });
});
