// `npm run bench`: start-up, a print-mode run against the mock model, and per-event overhead, each with the
// bare baseline measured in the same run. Figures only: nothing here passes or fails.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";

const root = fileURLToPath(new URL("..", import.meta.url));
const jiti = createJiti(import.meta.url, { fsCache: false });
const pith = join(root, "bin/pith.cjs");
const rssReporter = join(root, "bench/report-rss.cjs");
const runs = Number(process.env.BENCH_RUNS ?? 15);

const only = process.argv.slice(2);
const sections = {
  startup: () => import("./startup.mjs").then((m) => m.benchStartup({ pith, rssReporter, runs, root })),
  hello: () => import("./hello.mjs").then((m) => m.benchHello({ pith, rssReporter, runs, root, jiti })),
  events: () => import("./events.mjs").then((m) => m.benchEvents({ jiti, root })),
  extensions: () => import("./extensions.mjs").then((m) => m.benchExtensions({ jiti, root })),
  interactive: () => import("./interactive.mjs").then((m) => m.benchInteractive({ pith, runs, root, jiti })),
  resume: () => import("./resume.mjs").then((m) => m.benchResume({ pith, rssReporter, root, jiti, runs: Math.min(runs, 7) })),
  mcp: () => import("./mcp.mjs").then((m) => m.benchMcp({ pith, rssReporter, runs, root, jiti })),
  "long-session": () => import("./long-session.mjs").then((m) => m.benchLongSession({ pith, root, jiti, runs })),
  sessions: () => import("./sessions.mjs").then((m) => m.benchSessions({ jiti, root, pith, rssReporter })),
};

for (const [name, bench] of Object.entries(sections)) {
  if (only.length > 0 && !only.includes(name)) continue;
  try {
    await bench();
  } catch (error) {
    console.log(`${name}: failed: ${error instanceof Error ? error.stack : error}`);
    process.exitCode = 1;
  }
}
