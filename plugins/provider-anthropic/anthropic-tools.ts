// Tool definitions of an Anthropic Messages request. A tool that asks for constrained sampling goes strict where the
// endpoint has strict tools (compat.supportsStrictTools) and its schema fits Anthropic's strict subset.
import type { ToolSpec } from "../../kernel/index.js";
import { strictJsonSchema, type UnsupportedKeyword } from "../../lib/json-schema/strict-schema.js";
import type { CacheControl, WireTool } from "./anthropic-wire.js";

// Keywords Anthropic's strict mode refuses, beyond the ones no strict mode takes.
const UNSUPPORTED = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "maxItems", "uniqueItems", "minContains", "maxContains", "minProperties", "maxProperties"]);
const STRING_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]);
const anthropicUnsupported: UnsupportedKeyword = (key, value) =>
  UNSUPPORTED.has(key) ||
  (key === "minItems" && value !== 0 && value !== 1) ||
  (key === "format" && (typeof value !== "string" || !STRING_FORMATS.has(value)));

export interface AnthropicToolOptions {
  eagerStreaming: boolean;
  strictTools: boolean;
  /** on the last tool: the cache breakpoint after the tool list */
  cacheControl: CacheControl | undefined;
}

export function toAnthropicTools(tools: readonly ToolSpec[], options: AnthropicToolOptions): WireTool[] {
  return tools.map((tool, index) => {
    const strict = options.strictTools && tool.constrainedSampling?.type === "json_schema" ? strictJsonSchema(tool.parameters, anthropicUnsupported) : undefined;
    const wire: WireTool = {
      name: tool.name,
      description: tool.description,
      input_schema: strict ? { ...strict, ...rootSchema(strict) } : rootSchema(tool.parameters),
    };
    // Without it Anthropic buffers a tool call's arguments and sends them in one piece at the end.
    if (options.eagerStreaming) wire.eager_input_streaming = true;
    if (strict) wire.strict = true;
    if (options.cacheControl && index === tools.length - 1) wire.cache_control = options.cacheControl;
    return wire;
  });
}

/** The root keywords Anthropic takes (it refuses a root anyOf/oneOf/allOf); shared definitions stay for $refs. */
function rootSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return {
    type: "object",
    properties: schema.properties ?? {},
    required: schema.required ?? [],
    ...(schema.additionalProperties === undefined ? {} : { additionalProperties: schema.additionalProperties }),
    ...(schema.$defs === undefined ? {} : { $defs: schema.$defs }),
    ...(schema.definitions === undefined ? {} : { definitions: schema.definitions }),
  };
}
