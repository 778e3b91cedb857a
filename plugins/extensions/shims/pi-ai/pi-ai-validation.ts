// pi-ai's tool-argument checks for extensions, synchronous as pi's are: this module is served only inside the pi-ai
// view (./pi-ai.ts), which loads TypeBox anyway, so it imports the JSON Schema check directly.
import { PithError } from "../../../../kernel/index.js";
import { checkJsonSchema } from "../../../../lib/json-schema/check.js";

interface ToolLike {
  name: string;
  parameters: Record<string, unknown>;
}
interface ToolCallLike {
  name: string;
  arguments: Record<string, unknown>;
}

/** The call's arguments checked and coerced against the tool's JSON Schema; throws naming each problem. */
export function validateToolArguments(tool: ToolLike, toolCall: ToolCallLike): Record<string, unknown> {
  const check = checkJsonSchema(tool.parameters, toolCall.arguments);
  if (!check.ok) throw new PithError("TOOL_ARGUMENTS_INVALID", `Validation failed for tool "${toolCall.name}":\n${check.error}`);
  return check.value;
}

export function validateToolCall(tools: readonly ToolLike[], toolCall: ToolCallLike): Record<string, unknown> {
  const tool = tools.find((candidate) => candidate.name === toolCall.name);
  if (!tool) throw new PithError("TOOL_NOT_FOUND", `Tool "${toolCall.name}" not found`);
  return validateToolArguments(tool, toolCall);
}
