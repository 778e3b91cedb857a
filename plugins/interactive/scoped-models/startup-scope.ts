// `pith --models a,b`: the session's cycling scope from the start. Without --model the session starts on the
// first scoped model, unless the model it has is in the scope and was chosen (the saved default, or the model of a
// resumed session); the chat says which models ctrl+p cycles.
import type { AgentSession, PluginContext } from "../../../kernel/index.js";
import type { ChatController } from "../chat/chat-controller.js";

export async function applyStartupScope(context: PluginContext, session: AgentSession, patterns: readonly string[], options: { modelGiven: boolean; cycleKey: string; chat: ChatController }): Promise<void> {
  const { chat } = options;
  const modelSwitch = context.use("modelSwitch");
  modelSwitch.setScope(patterns);
  const { scoped, warnings } = modelSwitch.scopedModels();
  for (const warning of warnings) chat.notify("warning", `--models: ${warning}`);
  if (scoped.length === 0) return;
  const current = session.model;
  const inScope = scoped.some(({ model }) => model.provider === current?.provider && model.id === current?.id);
  const settings = context.tryUse("settings")?.get();
  const chosen = session.messages.length > 0 || (settings?.defaultProvider === current?.provider && settings?.defaultModel === current?.id);
  if (!options.modelGiven && !(inScope && chosen)) {
    const first = scoped[0]!;
    await modelSwitch.setModel(first.model.provider, first.model.id);
    if (first.thinkingLevel) await session.setThinkingLevel(first.thinkingLevel);
  }
  chat.notify("status", `Model scope: ${scoped.map(({ model }) => model.id).join(", ")} (${options.cycleKey} to cycle)`);
}
