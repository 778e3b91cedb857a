// /model [term] and ctrl+l: an exact `provider/id` or id switches at once (one the catalogues know only once
// refreshed too); anything else opens the model selector (prefilled with the term). As in pi 1.6.0 the choice is
// this session's; the selector's save key (ctrl+s) also makes it the default of later sessions. As in pi, the
// selector opens with the models known now and refreshes the catalogues meanwhile: the list is updated when that
// ends.
import type { Model } from "../../../kernel/index.js";
import type { CommandHost } from "./command-host.js";
import { ModelSelector } from "./model-selector.js";
import { refreshProblem } from "./refresh-problem.js";

export async function modelCommand(args: string, host: CommandHost): Promise<void> {
  const { context, chat, ui } = host;
  const models = context.use("models").availableModels();
  if (models.length === 0) return chat.notify("error", "No models available: set an API key (e.g. ANTHROPIC_API_KEY) or declare a provider in models.json.");
  const term = args.trim();
  const exact = term ? exactModel(models, term) ?? (await exactAfterRefresh(host, term)) : undefined;
  const chosen = exact ? { model: exact, asDefault: false } : await pickModel(host, context.use("models").availableModels(), term);
  if (!chosen) return;
  const model = await context.use("sessionControl").setModel(chosen.model.provider, chosen.model.id, { persist: chosen.asDefault });
  chat.notify("status", chosen.asDefault ? `Default model: ${model.provider}/${model.id}` : `Model: ${model.id}`);
  ui.requestRender();
}

const exactModel = (models: readonly Model[], term: string) =>
  models.find((model) => `${model.provider}/${model.id}` === term) ?? models.find((model) => model.id === term);

/** As pi, a term that names no known model refreshes the catalogues first (not while models are scoped). */
async function exactAfterRefresh(host: CommandHost, term: string): Promise<Model | undefined> {
  const { context, chat, ui } = host;
  if (context.use("modelSwitch").scopedModels().scoped.length > 0) return undefined;
  chat.notify("status", "Refreshing model catalogs…");
  ui.requestRender();
  const registry = context.use("models");
  const outcome = await registry.catalogueRefresh.run();
  const problem = outcome && refreshProblem(outcome, { then: "searching", counted: false });
  if (problem) chat.notify("warning", problem);
  return exactModel(registry.availableModels(), term);
}

async function pickModel(host: CommandHost, models: Model[], term: string): Promise<{ model: Model; asDefault: boolean } | undefined> {
  const registry = host.context.use("models");
  const modelSwitch = host.context.use("modelSwitch");
  const scoped = () => modelSwitch.scopedModels().scoped.map(({ model }) => model);
  const settings = host.context.tryUse("settings")?.get();
  const closed = new AbortController();
  const chosen = await host.ui.openComponent<{ model: Model; asDefault: boolean } | undefined>((finish) => {
    const selector = new ModelSelector(
      {
        models,
        scoped: scoped(),
        current: host.session.model,
        defaultModel: settings?.defaultProvider && settings.defaultModel ? { provider: settings.defaultProvider, id: settings.defaultModel } : undefined,
        initialQuery: term,
        keys: host.ui.keys,
        onSelect: (model, asDefault) => finish({ model, asDefault }),
        onCancel: () => finish(undefined),
      },
      host.ui.theme,
    );
    void registry.catalogueRefresh.run({ signal: closed.signal }).then((outcome) => {
      if (!outcome || closed.signal.aborted) return;
      selector.setModels(registry.availableModels(), scoped(), refreshProblem(outcome, { then: "showing", counted: true }));
      host.ui.requestRender();
    });
    return selector;
  }, undefined);
  closed.abort();
  return chosen;
}
