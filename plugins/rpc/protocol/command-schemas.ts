// The payload of every RPC command, checked before anything runs. Unknown fields are ignored (pi ignores them
// too, and newer clients may send more); optional fields also accept null.
// zod/mini, not full zod: full zod anywhere in the bundle drags its whole core and every locale into the chunk
// the other plugins' zod/mini schemas share, which loads at every start.
import * as z from "zod/mini";
import { en } from "zod/locales";
import type { ThinkingLevel } from "../../../kernel/index.js";
import { THINKING_LEVELS } from "../../../lib/provider-kit/thinking-levels.js";

const image = z.object({ type: z.literal("image"), data: z.string(), mimeType: z.string() });
const images = z.pipe(z.nullish(z.array(image)), z.transform((value) => value ?? undefined));
const optionalText = z.pipe(z.nullish(z.string()), z.transform((value) => value ?? undefined));
const thinkingLevel = z.enum(THINKING_LEVELS as [ThinkingLevel, ...ThinkingLevel[]]);
const queueMode = z.enum(["all", "one-at-a-time"]);
const none = z.object({});
const message = z.object({ message: z.string(), images });

export const COMMAND_SCHEMAS = {
  prompt: z.extend(message, {
    streamingBehavior: z.pipe(z.nullish(z.enum(["steer", "followUp"])), z.transform((value) => value ?? undefined)),
  }),
  steer: message,
  follow_up: message,
  abort: none,
  clear_queue: none,
  new_session: z.object({ parentSession: optionalText }),
  get_state: none,
  get_messages: none,
  set_model: z.object({ provider: z.string(), modelId: z.string() }),
  cycle_model: none,
  get_available_models: none,
  set_thinking_level: z.object({ level: thinkingLevel }),
  cycle_thinking_level: none,
  get_available_thinking_levels: none,
  set_steering_mode: z.object({ mode: queueMode }),
  set_follow_up_mode: z.object({ mode: queueMode }),
  compact: z.object({ customInstructions: optionalText }),
  set_auto_compaction: z.object({ enabled: z.boolean() }),
  set_auto_retry: z.object({ enabled: z.boolean() }),
  abort_retry: none,
  bash: z.object({ command: z.string(), excludeFromContext: z.pipe(z.nullish(z.boolean()), z.transform((value) => value ?? undefined)) }),
  abort_bash: none,
  get_session_stats: none,
  export_html: z.object({ outputPath: optionalText }),
  switch_session: z.object({ sessionPath: z.string() }),
  fork: z.object({ entryId: z.string() }),
  clone: none,
  get_fork_messages: none,
  get_entries: z.object({ since: optionalText }),
  get_tree: none,
  get_last_assistant_text: none,
  set_session_name: z.object({ name: z.string() }),
  get_commands: none,
  get_mcp_servers: none,
  set_mcp_server_enabled: z.object({ name: z.string(), enabled: z.boolean(), persist: z.pipe(z.nullish(z.boolean()), z.transform((value) => value ?? true)) }),
  reconnect_mcp_server: z.object({ name: z.string() }),
  sign_in_mcp_server: z.object({ name: z.string() }),
  sign_out_mcp_server: z.object({ name: z.string() }),
} as const;

export type RpcCommandType = keyof typeof COMMAND_SCHEMAS;
export type RpcPayload<T extends RpcCommandType> = z.output<(typeof COMMAND_SCHEMAS)[T]>;

/** The answer to a dialog request (`extension_ui_request`), sent by the client. */
export const UI_RESPONSE_SCHEMA = z.object({
  id: z.string(),
  value: z.optional(z.string()),
  confirmed: z.optional(z.boolean()),
  cancelled: z.optional(z.boolean()),
});

export type UiResponse = z.output<typeof UI_RESPONSE_SCHEMA>;

// zod/mini installs no messages; full zod installed these English ones globally. Passed per parse, not set
// globally, so another module's zod configuration cannot change what the client reads. Imported from
// "zod/locales" by name: `z.locales.en` would bundle every language.
const englishMessages = en().localeError;

/** safeParse with full zod's English messages (what describeIssues turns into sentences). */
export function checkPayload<S extends z.ZodMiniType>(schema: S, value: unknown) {
  return schema.safeParse(value, { error: englishMessages });
}

export function isCommandType(type: string): type is RpcCommandType {
  return Object.hasOwn(COMMAND_SCHEMAS, type);
}

/** One readable sentence per problem, naming the field: `"message" is missing (expected string)`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const field = issue.path.length > 0 ? `"${issue.path.map(String).join(".")}"` : "the command";
      const detail = issue.message.replace(/^Invalid input: /, "");
      const missing = /received undefined$/.exec(detail);
      if (missing) return `${field} is missing (${detail.replace(/, received undefined$/, "")})`;
      return `${field}: ${detail}`;
    })
    .join("; ");
}
