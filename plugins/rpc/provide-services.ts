// The services RPC commands call that no other plugin offers yet: user bash, model switching, session reports
// and the command catalog. A plugin loaded earlier that provides one of these names keeps it.
import type { PluginContext, CommandDefinition, SessionApi } from "../../kernel/index.js";
import { KernelRegistry } from "../../kernel/registry.js";
import { CommandCatalog } from "./services/command-catalog.js";
import { ModelSwitch } from "./services/model-switch.js";
import { SessionInfo } from "./services/session-info.js";
import { UserBash } from "./services/user-bash.js";

export function provideRpcServices(context: PluginContext): void {
  const settings = () => context.tryUse("settings")?.get();
  if (!context.tryUse("userBash")) {
    const bash = new UserBash({
      session: context.session,
      shell: () => ({ shellPath: settings()?.shellPath, commandPrefix: settings()?.shellCommandPrefix }),
    });
    context.provide("userBash", bash);
    context.on("agent_settled", () => bash.flushDeferred());
  }
  if (!context.tryUse("modelSwitch")) {
    context.provide(
      "modelSwitch",
      new ModelSwitch({
        session: context.session,
        availableModels: () => context.use("models").availableModels(),
        preferences: () => ({ enabledModels: settings()?.enabledModels, defaultThinkingLevel: settings()?.defaultThinkingLevel }),
      }),
    );
  }
  if (!context.tryUse("sessionInfo")) {
    context.provide(
      "sessionInfo",
      new SessionInfo({
        session: context.session,
        sessions: () => context.tryUse("sessions"),
        compaction: () => context.tryUse("compaction"),
        autoCompactionEnabled: () => settings()?.compaction?.enabled ?? true,
        emit: (event) => context.emit(event),
      }),
    );
  }
  if (!context.tryUse("commandCatalog")) {
    context.provide(
      "commandCatalog",
      new CommandCatalog({
        registered: () => registeredCommands(context.session),
        templates: () => context.tryUse("promptTemplates")?.commands() ?? [],
        skills: () => context.tryUse("skills")?.commands() ?? [],
      }),
    );
  }
}

/**
 * The session API does not list registered commands yet; the kernel's session keeps them in its registry.
 * (Kernel change requested: a `commands()` listing on SessionApi.)
 */
function registeredCommands(session: SessionApi): readonly CommandDefinition[] {
  const registry = "registry" in session ? session.registry : undefined;
  return registry instanceof KernelRegistry ? registry.commands.values() : [];
}
