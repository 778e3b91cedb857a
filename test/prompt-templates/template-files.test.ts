// What a template file becomes: name, description, argument hint, content; broken files are reported.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverPromptTemplates } from "../../plugins/prompt-templates/template-discovery.js";
import { tempDir, writeTree } from "../skills/support/temp-tree.js";

async function loadFolder(files: Record<string, string>) {
  const root = await tempDir();
  await writeTree(root, Object.fromEntries(Object.entries(files).map(([name, text]) => [`agent/prompts/${name}`, text])));
  const result = await discoverPromptTemplates({ agentDir: join(root, "agent"), cwd: join(root, "cwd"), homeDir: root });
  return { ...result, promptsDir: join(root, "agent", "prompts") };
}

describe("template records", () => {
  it("takes the name from the file and the description from front matter", async () => {
    const { templates, promptsDir } = await loadFolder({
      "review.md": "---\ndescription: Review staged changes\nargument-hint: \"<focus>\"\n---\n\nReview $1 carefully.\n",
    });
    expect(templates).toEqual([
      {
        name: "review",
        description: "Review staged changes",
        argumentHint: "<focus>",
        content: "Review $1 carefully.",
        sourceInfo: {
          path: join(promptsDir, "review.md"),
          source: "auto",
          scope: "user",
          origin: "top-level",
          baseDir: join(promptsDir, ".."),
        },
        filePath: join(promptsDir, "review.md"),
      },
    ]);
  });

  it("falls back to the first non-empty line, cut at 60 characters with ...", async () => {
    const long = "x".repeat(61);
    const { templates } = await loadFolder({
      "short.md": "\n\n   \nFirst real line\nSecond line\n",
      "long.md": `${long}\n`,
      "exact.md": `${"y".repeat(60)}\n`,
      "empty.md": "",
    });
    const description = (name: string) => templates.find((template) => template.name === name)?.description;
    expect(description("short")).toBe("First real line");
    expect(description("long")).toBe(`${"x".repeat(60)}...`);
    expect(description("exact")).toBe("y".repeat(60));
    expect(description("empty")).toBe("");
  });

  it("keeps a body without front matter as written", async () => {
    const { templates } = await loadFolder({ "raw.md": "Line one\r\nLine two\r\n" });
    expect(templates[0]?.content).toBe("Line one\nLine two\n");
  });

  it("leaves out an empty argument hint and warns about one that is not text", async () => {
    const { templates, diagnostics, promptsDir } = await loadFolder({
      "a.md": "---\ndescription: A\nargument-hint: \"\"\n---\nA",
      "b.md": "---\ndescription: B\nargument-hint: [x, y]\n---\nB",
    });
    expect(templates.map((template) => template.argumentHint)).toEqual([undefined, undefined]);
    expect(diagnostics).toEqual([
      { type: "warning", message: "argument-hint must be text; it was ignored", path: join(promptsDir, "b.md") },
    ]);
  });

  it("warns about a description that is not text and uses the first line", async () => {
    const { templates, diagnostics } = await loadFolder({ "n.md": "---\ndescription: 42\n---\nThe body line" });
    expect(templates[0]?.description).toBe("The body line");
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      "description must be text; the first line of the template is used instead",
    ]);
  });

  it("skips a template with broken front matter, with a warning naming the file and the YAML position", async () => {
    const { templates, diagnostics, promptsDir } = await loadFolder({
      "broken.md": "---\ndescription: Broken: unquoted colon\n---\nDo something.\n",
      "fine.md": "Fine.",
    });
    expect(templates.map((template) => template.name)).toEqual(["fine"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ type: "warning", path: join(promptsDir, "broken.md") }),
    ]);
    expect(diagnostics[0]?.message).toMatch(/^prompt template skipped: invalid YAML front matter: .*line 1, column 14/);
  });
});

describe("templates folder reading", () => {
  it("reads *.md files directly in the folder only, skipping hidden and ignored files", async () => {
    const { templates } = await loadFolder({
      "top.md": "Top",
      "notes.txt": "not a template",
      ".hidden.md": "Hidden",
      "ignored.md": "Ignored",
      ".gitignore": "ignored.md\n",
      "nested/deep.md": "Deep",
    });
    expect(templates.map((template) => template.name)).toEqual(["top"]);
  });
});
