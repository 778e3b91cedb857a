// pi 1.6.0 refreshes the model catalogues in the background when the interactive UI has started, when RPC mode is
// ready (both unless offline) and when the model selector opens: the dynamic providers' `refreshModels`, then every
// provider's availability asked again. The extensions plugin, which holds such providers, sets the refresher; a
// session without one refreshes nothing. Concurrent callers share one run, as pi's do; a run gives up after 15 s.
const REFRESH_TIMEOUT_MS = 15_000;

export interface CatalogueRefreshOptions {
  /** the caller's cancellation: the shared run continues for the others */
  signal?: AbortSignal;
  /** the start-up refresh, which pi leaves out when offline (PI_OFFLINE, --offline) */
  atStartUp?: boolean;
}

/** refreshes the catalogues (online unless offline); `atStartUp` says the caller is a start-up refresh */
export type CatalogueRefresher = (options: { signal: AbortSignal; atStartUp: boolean }) => Promise<void>;

export class CatalogueRefresh {
  private refresher: CatalogueRefresher | undefined;
  private running: Promise<void> | undefined;

  set(refresher: CatalogueRefresher | undefined): void {
    this.refresher = refresher;
  }

  /** Resolves when the refresh is done, failed, timed out or the caller's signal ended; never rejects. */
  async run(options: CatalogueRefreshOptions = {}): Promise<void> {
    const refresher = this.refresher;
    if (!refresher || options.signal?.aborted) return;
    this.running ??= refresher({ signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS), atStartUp: options.atStartUp === true })
      .catch(() => undefined)
      .finally(() => (this.running = undefined));
    const { signal } = options;
    if (!signal) return this.running;
    await Promise.race([this.running, new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }))]);
  }
}
