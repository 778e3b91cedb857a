// The boot timing report (`PITH_TIMING=1`) as a tree: the work done before boot (settings, packages ...), then
// per plugin its import and setup, and below the setup the parts the plugin timed (an extension file, with its
// import and factory).
import type { PluginTiming, TimingNode } from "../../kernel/index.js";

export function formatTimings(timings: readonly PluginTiming[], beforeBoot: readonly TimingNode[] = []): string {
  const plugins = timings.map(
    (timing): TimingNode => ({
      label: timing.name,
      ms: timing.importMs + timing.setupMs,
      children: [
        { label: "import", ms: timing.importMs, children: [] },
        { label: "setup", ms: timing.setupMs, children: timing.parts },
      ],
    }),
  );
  const tree: TimingNode[] = [];
  if (beforeBoot.length > 0) tree.push({ label: "before boot", ms: sum(beforeBoot), children: [...beforeBoot] });
  tree.push({ label: "plugins", ms: sum(plugins), children: plugins });
  return formatTimingTree("pith boot timing", tree);
}

const sum = (nodes: readonly TimingNode[]) => nodes.reduce((total, node) => total + node.ms, 0);

function formatTimingTree(title: string, nodes: readonly TimingNode[]): string {
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
