// pi 1.6.0 refreshes the model catalogues in the background when the interactive UI has started, when RPC mode is
// ready (both unless offline) and when the model selector opens: the dynamic providers' `refreshModels`, then every
// provider's availability asked again. The extensions plugin, which holds such providers, sets the refresher; a
// session without one refreshes nothing. Concurrent callers share one run, as pi's do; a run gives up after 15 s.
// What a run came to is each caller's to show: pi's selectors say which catalogues could not be refreshed.
import { errorMessage } from "../../kernel/index.js";

const REFRESH_TIMEOUT_MS = 15_000;

export interface CatalogueRefreshOptions {
  /** the caller's cancellation: the shared run continues for the others */
  signal?: AbortSignal;
  /** the start-up refresh, which pi leaves out when offline (PI_OFFLINE, --offline) */
  atStartUp?: boolean;
}

/** What a refresher reports: whether its signal ended it, and the providers whose catalogue failed. */
export interface CatalogueRefresherResult {
  aborted: boolean;
  failed: string[];
}

/** refreshes the catalogues (online unless offline); `atStartUp` says the caller is a start-up refresh */
export type CatalogueRefresher = (options: { signal: AbortSignal; atStartUp: boolean }) => Promise<CatalogueRefresherResult>;

export type CatalogueRefreshOutcome =
  | { status: "refreshed" }
  | { status: "failed"; providers: string[] }
  | { status: "timed_out" }
  /** the refresher itself threw */
  | { status: "error"; message: string };

const REFRESHED: CatalogueRefreshOutcome = { status: "refreshed" };

export class CatalogueRefresh {
  private refresher: CatalogueRefresher | undefined;
  private running: Promise<CatalogueRefreshOutcome> | undefined;

  set(refresher: CatalogueRefresher | undefined): void {
    this.refresher = refresher;
  }

  /**
   * Resolves with what the shared run came to (a session without a refresher has nothing to refresh), or undefined
   * once the caller's signal ended first; never rejects.
   */
  async run(options: CatalogueRefreshOptions = {}): Promise<CatalogueRefreshOutcome | undefined> {
    const refresher = this.refresher;
    if (options.signal?.aborted) return undefined;
    if (!refresher) return REFRESHED;
    this.running ??= refresher({ signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS), atStartUp: options.atStartUp === true })
      .then(outcomeOf, (error: unknown): CatalogueRefreshOutcome => ({ status: "error", message: errorMessage(error) }))
      .finally(() => (this.running = undefined));
    const { signal } = options;
    if (!signal) return this.running;
    return Promise.race([this.running, new Promise<undefined>((resolve) => signal.addEventListener("abort", () => resolve(undefined), { once: true }))]);
  }
}

function outcomeOf(result: CatalogueRefresherResult): CatalogueRefreshOutcome {
  // the run's only signal is its time limit
  if (result.aborted) return { status: "timed_out" };
  return result.failed.length > 0 ? { status: "failed", providers: result.failed } : REFRESHED;
}
