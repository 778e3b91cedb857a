// Preloaded into a measured process (`node --require`): writes its peak RSS (bytes) to stderr as the last line at
// exit. CommonJS on purpose: an `--import` preload would start Node's ES module loader in every measured process,
// which pith's CLI does not otherwise pay for.
"use strict";
process.on("exit", () => {
  process.stderr.write(`\n__PEAK_RSS__ ${process.resourceUsage().maxRSS * 1024}\n`);
});
