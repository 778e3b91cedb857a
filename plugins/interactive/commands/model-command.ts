// /model [term] and ctrl+l: an exact `provider/id` or id switches at once; anything else opens the model selector
// (prefilled with the term). The choice is saved as the default model, as pi does. As in pi, the selector opens with
// the models known now and refreshes the catalogues meanwhile: the list is updated when that ends.
import type { Model } from "../../../kernel/index.js";
import { SearchList } from "../components/search-list.js";
import type { CommandHost } from "./command-host.js";

export async function modelCommand(args: string, host: CommandHost): Promise<void> {
  const { context, chat, ui } = host;
  const models = context.use("models").availableModels();
  if (models.length === 0) return chat.notify("error", "No models available: set an API key (e.g. ANTHROPIC_API_KEY) or declare a provider in models.json.");
  const term = args.trim();
  const exact = term ? models.find((model) => `${model.provider}/${model.id}` === term) ?? models.filter((model) => model.id === term).at(0) : undefined;
  const chosen = exact ?? (await pickModel(host, models, term));
  if (!chosen) return;
  const model = await context.use("sessionControl").setModel(chosen.provider, chosen.id);
  chat.notify("status", `Model: ${model.id}`);
  ui.requestRender();
}

const itemsOf = (models: Model[]) => models.map((model) => ({ value: `${model.provider}/${model.id}`, label: model.id, description: model.provider }));

async function pickModel(host: CommandHost, models: Model[], term: string): Promise<Model | undefined> {
  const current = host.session.model;
  const registry = host.context.use("models");
  const closed = new AbortController();
  let shown = models;
  const chosen = await host.ui.openComponent<Model | undefined>((finish) => {
    const list = new SearchList(
      {
        title: "Select model",
        items: itemsOf(models),
        searchText: (item) => item.value,
        initialQuery: term,
        selected: current && `${current.provider}/${current.id}`,
        onSelect: (item) => finish(shown.find((model) => `${model.provider}/${model.id}` === item.value)),
        onCancel: () => finish(undefined),
      },
      host.ui.theme,
    );
    void registry.catalogueRefresh.run({ signal: closed.signal }).then(() => {
      if (closed.signal.aborted) return;
      shown = registry.availableModels();
      list.setItems(itemsOf(shown));
      host.ui.requestRender();
    });
    return list;
  }, undefined);
  closed.abort();
  return chosen;
}
