#!/usr/bin/env node
// Entry point. CommonJS on purpose: `--version` is answered before the ES module loader even starts, so it costs
// no more than node itself; everything else goes to the bundled CLI.
"use strict";
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "-v" || args[0] === "--version")) {
  process.stdout.write(`${require("../package.json").version}\n`);
} else {
  import("../dist/cli.js").then(
    ({ run }) => run(args),
    (error) => {
      process.stderr.write(`pith: cannot load dist/cli.js (${error.message}). Run \`npm install\` in the pith folder to build it.\n`);
      process.exitCode = 1;
    },
  );
}
