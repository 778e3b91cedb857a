// Under a virtual selection, which physical model stands for it: the one that produced the latest successful
// response (pi 1.6.0's docs/virtual-models.md). The footer shows it next to the selection, and context usage and
// compaction take their limits from it; before any response, the virtual model's declared limits apply.
import type { AgentMessage, AssistantMessage, Model } from "../../kernel/index.js";
import { isVirtualModel } from "./virtual-models.js";

interface PhysicalModels {
  findPhysical(provider: string, id: string): Model | undefined;
}

export interface RoutedModel {
  model: Model;
  /** the level the routed request was sent with, when the reply records it */
  thinkingLevel?: string;
}

function latestResponse(messages: readonly AgentMessage[]): AssistantMessage | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]! as AssistantMessage;
    if (message.role === "assistant" && message.stopReason !== "error" && message.stopReason !== "aborted") return message;
  }
  return undefined;
}

/** The physical model and level of the latest successful response, when `selected` is virtual. */
export function routedModel(models: PhysicalModels | undefined, selected: Model | undefined, messages: readonly AgentMessage[]): RoutedModel | undefined {
  if (!models || !selected || !isVirtualModel(selected)) return undefined;
  const latest = latestResponse(messages);
  const model = latest && models.findPhysical(latest.provider, latest.model);
  return model && { model, ...(latest.thinkingLevel === undefined ? {} : { thinkingLevel: latest.thinkingLevel }) };
}

/** The model whose context window and output limit apply to the conversation. */
export function limitsModel(models: PhysicalModels | undefined, selected: Model | undefined, messages: readonly AgentMessage[]): Model | undefined {
  return routedModel(models, selected, messages)?.model ?? selected;
}

/**
 * The model `reply` came from, when its limits speak for the selection: under a virtual selection the physical
 * model that answered, else the selection itself if it produced the reply (pi skips overflow checks otherwise).
 */
export function modelOfReply(models: PhysicalModels | undefined, selected: Model | undefined, reply: AssistantMessage): Model | undefined {
  if (selected && isVirtualModel(selected)) return models?.findPhysical(reply.provider, reply.model);
  return selected?.provider === reply.provider && selected.id === reply.model ? selected : undefined;
}
