// Preloaded into a measured process: writes its peak RSS (bytes) to stderr as the last line at exit.
process.on("exit", () => {
  process.stderr.write(`\n__PEAK_RSS__ ${process.resourceUsage().maxRSS * 1024}\n`);
});
