// `retry.provider.timeoutMs`, else `httpIdleTimeoutMs` (5 minutes unless set): a request that receives nothing for that long is abandoned with a transient
// failure, which the retry plugin retries. It counts only time spent waiting for the provider, never time the
// stream waits for its consumer, so a slow reader does not time the provider out.
import type { StreamRequest } from "../../kernel/index.js";
import { ProviderFailure } from "./provider-failure.js";

export interface IdleWatchdog {
  /** the request's signal, also aborted when the provider has been silent too long */
  readonly signal: AbortSignal;
  /** the failure to report, once the watchdog fired */
  readonly fired: ProviderFailure | undefined;
  /** starts counting silence: call before waiting for the provider */
  arm(): void;
  /** stops counting: call once something arrived */
  disarm(): void;
}

export function idleWatchdog(request: Pick<StreamRequest, "idleTimeoutMs" | "signal">): IdleWatchdog | undefined {
  const timeoutMs = request.idleTimeoutMs;
  if (timeoutMs === undefined || timeoutMs <= 0) return undefined;
  const silence = new AbortController();
  const signal = AbortSignal.any([request.signal, silence.signal]);
  let timer: NodeJS.Timeout | undefined;
  let fired: ProviderFailure | undefined;
  return {
    signal,
    get fired() {
      return fired;
    },
    arm() {
      if (timer || fired) return;
      timer = setTimeout(() => {
        fired = new ProviderFailure(
          "PROVIDER_IDLE_TIMEOUT",
          `No data from the provider for ${formatSeconds(timeoutMs)} (httpIdleTimeoutMs, retry.provider.timeoutMs); the request was abandoned`,
          { kind: "network" },
        );
        silence.abort(fired);
      }, timeoutMs);
    },
    disarm() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
