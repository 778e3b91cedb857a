// A complete custom tool plugin: counts the words of a file. Used by docs/plugins.md and exercised in tests.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { definePlugin, type ToolDefinition } from "pith/kernel";

interface WordCountArgs {
  path: string;
}

const wordCount: ToolDefinition<WordCountArgs, { words: number }> = {
  name: "word_count",
  label: "Word count",
  description: "Count the words in a text file.",
  promptSnippet: "Count the words in a file",
  promptGuidelines: ["Use word_count instead of `wc -w` in bash."],
  parameters: {
    type: "object",
    properties: { path: { type: "string", description: "File to count, relative to the working directory" } },
    required: ["path"],
    additionalProperties: false,
  },
  async execute(args, context) {
    const text = await readFile(resolve(context.cwd, args.path), { encoding: "utf8", signal: context.signal });
    const words = text.split(/\s+/).filter(Boolean).length;
    return { content: [{ type: "text", text: `${args.path}: ${words} words` }], details: { words } };
  },
};

export default definePlugin({
  name: "word-count",
  setup(context) {
    context.registerTool(wordCount);
    // Refuse to count files outside the project: a read-only gate sees the final arguments.
    context.on(
      "tool_gate",
      (event) => (String(event.input.path).startsWith("..") ? { block: true as const, reason: "word_count only reads files inside the project" } : undefined),
      { tools: ["word_count"] },
    );
  },
});
