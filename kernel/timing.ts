// Timing a plugin's setup for the boot timing report (`PITH_TIMING=1`, printed by the host): what a plugin times
// itself (an extension file, the settings' packages) nests below its setup.
import { nowMs } from "./stopwatch.js";

export interface TimingNode {
  label: string;
  ms: number;
  children: TimingNode[];
}

/** Runs `work`, recording how long it took under `parts`; what `work` times in turn nests below it. */
export async function timePart<T>(parts: TimingNode[], label: string, work: (time: <U>(label: string, work: () => Promise<U>) => Promise<U>) => Promise<T>): Promise<T> {
  const node: TimingNode = { label, ms: 0, children: [] };
  parts.push(node);
  const started = nowMs();
  try {
    return await work((childLabel, child) => timePart(node.children, childLabel, child));
  } finally {
    node.ms = nowMs() - started;
  }
}
