// Which model writes a summary: `compaction.model` (and `compaction.provider`) when set, found and big enough
// for the request; otherwise the session's model, with a warning that says why.
import type { Model } from "../../../kernel/index.js";

export interface ConfiguredSummaryModel {
  provider?: string;
  model?: string;
}

export interface SummaryModelChoice {
  model: Model;
  /** why the configured model was not used */
  warning?: string;
}

export type FindModel = (provider: string, id: string) => Model | undefined;

/**
 * `compaction.model` is an id of `compaction.provider`, or of the session's provider; "provider/id" works
 * without `compaction.provider` (ids that contain "/" themselves are tried whole as well).
 */
export function findConfiguredModel(configured: ConfiguredSummaryModel, session: Model, find: FindModel | undefined): Model | undefined {
  const id = configured.model;
  if (!id) return undefined;
  const provider = configured.provider ?? session.provider;
  if (provider === session.provider && id === session.id) return session;
  if (!find) return undefined;
  if (configured.provider) return find(configured.provider, id);
  const slash = id.indexOf("/");
  if (slash > 0) {
    const split = find(id.slice(0, slash), id.slice(slash + 1));
    if (split) return split;
  }
  return find(provider, id);
}

/** `neededTokens`: the request (system prompt and conversation) plus the reply's budget. */
export function chooseSummaryModel(
  session: Model,
  configured: ConfiguredSummaryModel,
  find: FindModel | undefined,
  neededTokens: number,
): SummaryModelChoice {
  if (!configured.model) return { model: session };
  const name = configured.provider ? `${configured.provider}/${configured.model}` : configured.model;
  const candidate = findConfiguredModel(configured, session, find);
  if (!candidate) {
    return { model: session, warning: `compaction.model "${name}" is not a known model; summarising with ${label(session)} instead.` };
  }
  if (candidate.contextWindow > 0 && neededTokens > candidate.contextWindow) {
    return {
      model: session,
      warning:
        `compaction.model ${label(candidate)} has a ${candidate.contextWindow}-token context window, too small for this ` +
        `summary (about ${neededTokens} tokens); summarising with ${label(session)} instead.`,
    };
  }
  return { model: candidate };
}

function label(model: Model): string {
  return `${model.provider}/${model.id}`;
}
