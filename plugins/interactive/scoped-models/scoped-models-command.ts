// /scoped-models: chooses the models ctrl+p cycles through for this session (the modelSwitch service's scope);
// ctrl+s saves the choice as `enabledModels` in the agent folder's settings.json, as pi does. As in pi, the catalogues
// are refreshed while it is open and the list updated when that ends.
import type { CommandHost } from "../commands/command-host.js";
import { refreshProblem } from "../commands/refresh-problem.js";
import type { EnabledModels } from "./enabled-models.js";
import { ScopedModelsSelector } from "./scoped-models-selector.js";

export async function scopedModelsCommand(_args: string, host: CommandHost): Promise<void> {
  const { context, chat, ui } = host;
  const registry = context.use("models");
  const models = registry.availableModels();
  if (models.length === 0) return chat.notify("error", "No models available: set an API key (e.g. ANTHROPIC_API_KEY) or declare a provider in models.json.");
  const modelSwitch = context.use("modelSwitch");
  const scoped = modelSwitch.scopedModels().scoped;
  const enabled: EnabledModels = scoped.length === 0 ? null : scoped.map(({ model }) => `${model.provider}/${model.id}`);
  const closed = new AbortController();
  await ui.openComponent<void>((finish) => {
    const selector = new ScopedModelsSelector(
      {
        models,
        enabled,
        keys: ui.keys,
        onChange: (next) => modelSwitch.setScope(next ?? []),
        onSave: (next) =>
          void context
            .use("settings")
            .set("enabledModels", next === null ? undefined : [...next], "global")
            .then(() => chat.notify("status", "Model selection saved to settings"))
            .catch((error: unknown) => chat.notify("error", error instanceof Error ? error.message : String(error))),
        onClose: () => finish(),
      },
      ui.theme,
    );
    void registry.catalogueRefresh.run({ signal: closed.signal }).then((outcome) => {
      if (!outcome || closed.signal.aborted) return;
      selector.setModels(registry.availableModels(), refreshProblem(outcome, { then: "showing", counted: false }));
      ui.requestRender();
    });
    return selector;
  }, undefined);
  closed.abort();
}
