// What pi 1.6.0 says when a catalogue refresh fell short, in the words of the place that shows it: /model's
// selector counts the catalogues when several failed, /scoped-models and `/model <term>` name them; each goes on
// with the models it has ("showing", or "searching" for a term).
import type { CatalogueRefreshOutcome } from "../../models/catalogue-refresh.js";

export interface RefreshProblemWording {
  /** what goes on with the cached models */
  then: "showing" | "searching";
  /** several failed catalogues counted before their names */
  counted: boolean;
}

/** the sentence for an outcome that fell short; undefined when the catalogues were refreshed */
export function refreshProblem(outcome: CatalogueRefreshOutcome, wording: RefreshProblemWording): string | undefined {
  const cached = `${wording.then} cached models.`;
  switch (outcome.status) {
    case "refreshed":
      return undefined;
    case "timed_out":
      return `Model refresh timed out; ${cached}`;
    case "error":
      return `Could not refresh model catalogs: ${outcome.message}`;
    case "failed": {
      const names = outcome.providers.join(", ");
      const which = wording.counted && outcome.providers.length > 1 ? `${outcome.providers.length} model catalogs (${names})` : names;
      return `Could not refresh ${which}; ${cached}`;
    }
  }
}
