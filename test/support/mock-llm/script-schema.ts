// Validates replies that come from JSON files or untyped callers, so a typo fails with a clear message
// instead of a silently ignored field.
import { z } from "zod";
import { PithError } from "../../../kernel/errors.js";
import type { ScriptedReply } from "./types.js";

const count = z.number().int().nonnegative();

const toolCallSchema = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
  argumentDeltaLength: z.number().int().positive().optional(),
});

const replySchema: z.ZodType<ScriptedReply> = z.strictObject({
  text: z.union([z.string(), z.array(z.string())]).optional(),
  thinking: z.union([z.string(), z.array(z.string())]).optional(),
  thinkingSignature: z.string().optional(),
  toolCalls: z.array(toolCallSchema).optional(),
  usage: z
    .strictObject({ input: count.optional(), output: count.optional(), cacheRead: count.optional(), cacheWrite: count.optional(), cacheWrite1h: count.optional() })
    .optional(),
  images: z.array(z.strictObject({ mimeType: z.string().min(1), data: z.string() })).optional(),
  stopReason: z.enum(["stop", "length", "toolUse"]).optional(),
  error: z
    .strictObject({
      // 200 too: a proxy or portal page served with a success status in place of the API
      status: z.number().int().min(200).max(599),
      body: z.unknown().optional(),
      headers: z.record(z.string(), z.string()).optional(),
      message: z.string().optional(),
      type: z.string().optional(),
      code: z.string().optional(),
    })
    .optional(),
  streamError: z
    .strictObject({ type: z.string(), message: z.string(), event: z.enum(["response.failed", "error"]).optional() })
    .optional(),
  dropAfterChunks: count.optional(),
  malformed: z.boolean().optional(),
  omitFinishReason: z.boolean().optional(),
  delayMs: count.optional(),
  holdAfterChunks: count.optional(),
  holdUntil: z.custom<Promise<unknown>>((value) => value instanceof Promise, "a Promise").optional(),
  model: z.string().min(1).optional(),
});

/** Returns the value as a reply, or throws MOCK_LLM_BAD_SCRIPT naming `where` and each wrong field. */
export function parseScriptedReply(value: unknown, where: string): ScriptedReply {
  const result = replySchema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "(reply)"}: ${issue.message}`);
  throw new PithError("MOCK_LLM_BAD_SCRIPT", `mock-llm: ${where} is not a valid scripted reply (${problems.join("; ")})`);
}
