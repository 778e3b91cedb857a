// The services the front-ends (RPC, the interactive UI, session control) call and no other plugin offers yet: user
// bash, model switching, session reports and the command catalog. A plugin loaded earlier that provides one of
// these names keeps it; each front-end provides them at its setup, so none depends on another's internals.
import type { PluginContext } from "../../kernel/index.js";
import { CommandCatalog } from "./command-catalog.js";
import { ModelSwitch } from "./model-switch.js";
import { SessionInfo } from "./session-info.js";
import { UserBash } from "./user-bash.js";
import { catalogueCacheReadPrice } from "./cache-misses.js";
import { limitsModel } from "../models/routed-model.js";

export function provideSessionServices(context: PluginContext): void {
  const hooks = context.hooksOf("session-control");
  const settings = () => context.tryUse("settings")?.get();
  if (!context.tryUse("userBash")) {
    const bash = new UserBash({
      session: context.session,
      hook: hooks.user_bash,
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
        preferences: () => ({ enabledModels: settings()?.enabledModels, defaultThinkingLevel: settings()?.defaultThinkingLevel, modelThinkingLevels: settings()?.modelThinkingLevels }),
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
        limitsModel: () => limitsModel(context.tryUse("models"), context.session.model, context.session.messages),
        autoCompactionEnabled: () => settings()?.compaction?.enabled ?? true,
        cacheReadPrice: catalogueCacheReadPrice(context),
        emit: (event) => context.emit(event),
      }),
    );
  }
  if (!context.tryUse("commandCatalog")) {
    context.provide(
      "commandCatalog",
      new CommandCatalog({
        registered: () => context.registry.commands.values(),
        templates: () => context.tryUse("promptTemplates")?.commands() ?? [],
        skills: () => context.tryUse("skills")?.commands() ?? [],
      }),
    );
  }
}

