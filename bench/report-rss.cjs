// Preloaded into a measured process (`node --require`): writes its peak RSS (bytes) and the CPU time it used
// (user + system, microseconds) to stderr as the last line at exit. CommonJS on purpose: an `--import` preload would start Node's ES module loader in every measured process,
// which pith's CLI does not otherwise pay for.
"use strict";
process.on("exit", () => {
  const usage = process.resourceUsage();
  process.stderr.write(`\n__PEAK_RSS__ ${usage.maxRSS * 1024} __CPU_US__ ${usage.userCPUTime + usage.systemCPUTime}\n`);
});
