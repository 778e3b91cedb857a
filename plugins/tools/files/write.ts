// write: create or overwrite a whole file, creating missing parent folders.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import * as z from "zod/mini";
import type { ToolDefinition } from "../../../kernel/index.js";
import { abortable, throwIfAborted } from "../abort.js";
import { acceptFilePathAlias } from "./argument-aliases.js";
import { defineArguments, described } from "../arguments.js";
import { fileError } from "./fs-errors.js";
import { withFileMutationQueue } from "./mutation-queue.js";
import { resolveToCwd } from "../paths.js";

const writeSchema = z.object({
  path: described(z.string(), "Path to the file to write (relative or absolute)"),
  content: described(z.string(), "Content to write to the file"),
});

export type WriteArgs = z.output<typeof writeSchema>;

const writeArguments = defineArguments("write", writeSchema);

export interface WriteToolOptions {
  cwd: string;
}

export function createWriteTool(options: WriteToolOptions): ToolDefinition<WriteArgs, undefined> {
  return {
    name: "write",
    label: "write",
    description:
      "Write a file, replacing it if it exists and creating it (with any missing parent folders) if it does not.",
    promptSnippet: "Create or overwrite files",
    promptGuidelines: ["Use write for new files or complete rewrites only; change existing files with edit."],
    get parameters() {
      return writeArguments.parameters;
    },
    // as pi 1.6.0: a strict schema (validated calls) where the model supports one, Gemini 3 and later
    constrainedSampling: { type: "json_schema", strict: "prefer" },
    validate: writeArguments.validate,
    prepareArguments: acceptFilePathAlias,
    async execute(rawArgs, context) {
      throwIfAborted(context.signal);
      const { path, content } = await writeArguments.parse(rawArgs);
      const absolutePath = resolveToCwd(path, options.cwd);
      const work = withFileMutationQueue(absolutePath, async () => {
        throwIfAborted(context.signal);
        try {
          await mkdir(dirname(absolutePath), { recursive: true });
          throwIfAborted(context.signal);
          await writeFile(absolutePath, content, "utf-8");
        } catch (error) {
          throwIfAborted(context.signal);
          throw fileError(error, "write", path);
        }
      });
      await abortable(context.signal, work);
      const bytes = Buffer.byteLength(content, "utf-8");
      return { content: [{ type: "text", text: `Successfully wrote ${bytes} bytes to ${path}` }] };
    },
  };
}
