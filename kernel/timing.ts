// The boot timing report (`PITH_TIMING=1`) as a tree: the work before boot, each plugin's import and setup, and
// the parts of a setup a plugin timed itself (an extension file, the settings' packages).
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

export function formatTimingTree(title: string, nodes: readonly TimingNode[]): string {
  const lines = [title];
  const walk = (list: readonly TimingNode[], depth: number) => {
    for (const node of list) {
      const label = `${"  ".repeat(depth + 1)}${node.label}`;
      lines.push(`${label.padEnd(48)} ${node.ms.toFixed(1).padStart(8)} ms`);
      walk(node.children, depth + 1);
    }
  };
  walk(nodes, 0);
  const total = nodes.reduce((sum, node) => sum + node.ms, 0);
  lines.push(`${"  total".padEnd(48)} ${total.toFixed(1).padStart(8)} ms`);
  return `${lines.join("\n")}\n`;
}
