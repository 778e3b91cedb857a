// /scoped-models: chooses the models ctrl+p cycles through for this session (the modelSwitch service's scope);
// ctrl+s saves the choice as `enabledModels` in the agent folder's settings.json, as pi does. As in pi 1.6.0 it
// opens with the session's scope, or, when that holds no model, with the saved `enabledModels` (their patterns that
// match nothing shown as unavailable rows); the catalogues are refreshed while it is open and the list updated when
// that ends, the saved list read again against the refreshed models if nothing was changed meanwhile.
import type { CommandHost } from "../commands/command-host.js";
import { refreshProblem } from "../commands/refresh-problem.js";
import { savedList, savedPatterns, sessionScope } from "./dialog-scope.js";
import { listId, type EnabledModels } from "./enabled-models.js";
import { ScopedModelsSelector } from "./scoped-models-selector.js";

export async function scopedModelsCommand(_args: string, host: CommandHost): Promise<void> {
  const { context, chat, ui } = host;
  const registry = context.use("models");
  let models = registry.availableModels();
  if (models.length === 0) return chat.notify("error", "No models available: set an API key (e.g. ANTHROPIC_API_KEY) or declare a provider in models.json.");
  const modelSwitch = context.use("modelSwitch");
  const settings = context.use("settings");
  const scoped = modelSwitch.scopedModels().scoped;
  const fromSettings = scoped.length === 0;
  let enabled: EnabledModels = fromSettings ? savedList(settings.get().enabledModels, models) : scoped.map(({ model }) => listId(model));
  let changed = false;
  const apply = (next: EnabledModels) => {
    enabled = next;
    modelSwitch.setScope(sessionScope(next, models));
  };
  const closed = new AbortController();
  await ui.openComponent<void>((finish) => {
    const selector = new ScopedModelsSelector(
      {
        models,
        enabled,
        keys: ui.keys,
        onChange: (next) => {
          changed = true;
          apply(next);
        },
        onSave: (next) =>
          void settings
            .set("enabledModels", savedPatterns(next, models), "global")
            .then(() => chat.notify("status", "Model selection saved to settings"))
            .catch((error: unknown) => chat.notify("error", error instanceof Error ? error.message : String(error))),
        onClose: () => finish(),
      },
      ui.theme,
    );
    void registry.catalogueRefresh.run({ signal: closed.signal }).then((outcome) => {
      if (!outcome || closed.signal.aborted) return;
      models = registry.availableModels();
      const reread = !changed && fromSettings;
      if (reread) enabled = savedList(settings.get().enabledModels, models);
      selector.setModels(models, refreshProblem(outcome, { then: "showing", counted: false }), reread ? enabled : undefined);
      if (enabled !== null) apply(enabled);
      ui.requestRender();
    });
    return selector;
  }, undefined);
  closed.abort();
}
