// pi's `wrapRegisteredTool(s)`: a registered tool as the agent core runs it, with the tool context made by the
// runner given when the caller passes none. pith's own runner wraps tools itself; an extension reaches these with
// a runner of its own making (anything with `createToolContext`).
import type { ExtensionContext, PiToolDefinition, SourceInfo } from "../../contract/types.js";

export interface RegisteredTool {
  definition: PiToolDefinition;
  sourceInfo?: SourceInfo;
}

export interface ToolContextSource {
  createToolContext(toolCallId: string, signal: AbortSignal | undefined): ExtensionContext;
}

export type WrappedTool = Pick<
  PiToolDefinition,
  "name" | "label" | "description" | "parameters" | "outputSchema" | "constrainedSampling" | "prepareArguments" | "executionMode" | "execute"
>;

export function wrapRegisteredTool(registeredTool: RegisteredTool, runner: ToolContextSource): WrappedTool {
  const { definition } = registeredTool;
  return {
    name: definition.name,
    label: definition.label,
    description: definition.description,
    parameters: definition.parameters,
    outputSchema: definition.outputSchema,
    constrainedSampling: definition.constrainedSampling,
    prepareArguments: definition.prepareArguments,
    executionMode: definition.executionMode,
    execute: (toolCallId, params, signal, onUpdate, ctx) =>
      definition.execute(toolCallId, params, signal, onUpdate, ctx ?? runner.createToolContext(toolCallId, signal)),
  };
}

export function wrapRegisteredTools(registeredTools: readonly RegisteredTool[], runner: ToolContextSource): WrappedTool[] {
  return registeredTools.map((tool) => wrapRegisteredTool(tool, runner));
}
