// Milliseconds for timing reports. process.hrtime, not the `performance` global: on Node 20 the first touch of
// `performance` loads perf_hooks (~1 ms of a print run).

/** A monotonic clock reading in milliseconds. */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
