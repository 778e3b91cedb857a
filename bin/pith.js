#!/usr/bin/env node
// Entry point. `--version` is answered here, before any module loads, so it costs no more than node itself.
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "-v" || args[0] === "--version")) {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  process.stdout.write(`${pkg.version}\n`);
} else {
  const { run } = await import("../dist/cli.js");
  await run(args);
}
