// The shared front matter parser: YAML between `---` lines, CRLF normalised, broken YAML refused.
import { describe, expect, it } from "vitest";
import { PithError } from "../../kernel/errors.js";
import { parseFrontmatter } from "../../lib/resources/front-matter/frontmatter.js";

describe("parseFrontmatter", async () => {
  it("splits YAML from the body and trims the body", async () => {
    expect(await parseFrontmatter("---\nname: a\ndescription: b\n---\n\nBody text.\n\n")).toEqual({
      data: { name: "a", description: "b" },
      body: "Body text.",
    });
  });

  it("normalises CRLF and lone CR line endings", async () => {
    expect(await parseFrontmatter("---\r\nname: a\r\n---\r\nline one\r\nline two\rline three")).toEqual({
      data: { name: "a" },
      body: "line one\nline two\nline three",
    });
  });

  it("treats text without an opening line as all body, untrimmed", async () => {
    expect(await parseFrontmatter("Just text\n")).toEqual({ data: {}, body: "Just text\n" });
  });

  it("treats unterminated front matter as body", async () => {
    const text = "---\nname: a\nno closing line\n";
    expect(await parseFrontmatter(text)).toEqual({ data: {}, body: text });
  });

  it("accepts an empty block and does not keep its delimiters in the body", async () => {
    expect(await parseFrontmatter("---\n---\nBody")).toEqual({ data: {}, body: "Body" });
  });

  it("accepts a closing line at the end of the text", async () => {
    expect(await parseFrontmatter("---\nname: a\n---")).toEqual({ data: { name: "a" }, body: "" });
  });

  it("ignores a byte order mark", async () => {
    expect((await parseFrontmatter("\uFEFF---\nname: a\n---\nB")).data).toEqual({ name: "a" });
  });

  it("refuses broken YAML with FRONTMATTER_INVALID and the YAML position", async () => {
    let caught: unknown;
    try {
      await parseFrontmatter("---\ndescription: Broken: colon\n---\nBody");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PithError);
    expect((caught as PithError).code).toBe("FRONTMATTER_INVALID");
    expect((caught as PithError).message).toMatch(/invalid YAML front matter: .* at line 1, column 14/);
  });

  it("refuses duplicate keys", async () => {
    await expect(parseFrontmatter("---\nname: a\nname: b\n---\n")).rejects.toThrow(/unique/);
  });

  it("refuses a list or a scalar with FRONTMATTER_NOT_MAPPING", async () => {
    for (const yaml of ["- a\n- b", "just words"]) {
      await expect(parseFrontmatter(`---\n${yaml}\n---\nBody`)).rejects.toThrow(
        expect.objectContaining({ code: "FRONTMATTER_NOT_MAPPING" }),
      );
    }
  });
});
