#!/usr/bin/env node
// Entry point. CommonJS on purpose: `--version` is answered before any of pith's code loads, so it costs no more
// than node itself; everything else goes to the bundled CLI, loaded through V8's code cache.
"use strict";
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "-v" || args[0] === "--version")) {
  process.stdout.write(`${require("../package.json").version}\n`);
} else {
  // A run that opens a stored session keeps V8's young generation at its start size throughout (why:
  // lib/process/steady-young-generation.ts). Other runs leave V8's flags alone: under a changed flag node compiles
  // every built-in module it loads afterwards from source. Set before any code cache loads, as V8 keys a cache by
  // its flags (and bin/compile-cache.cjs names it by them); a wrong guess here only costs speed.
  const SESSION_RUN_BUILTINS = ["node:process", "node:http", "node:fs/promises", "node:stream/promises", "node:tty", "node:vm", "node:module", "node:os"];
  const SESSION_OPTIONS = ["-c", "--continue", "-r", "--resume", "--session", "--session-id", "--fork"];
  if (args.some((arg) => SESSION_OPTIONS.includes(arg.split("=")[0]))) {
    // node's own modules compile from its embedded code cache only under V8's default flags: those such a run
    // loads anyway (to send its request, read input, load the bundle) are loaded before the flag changes
    for (const name of SESSION_RUN_BUILTINS) require(name);
    void globalThis.ReadableStream; // loaded on first touch; the provider SDKs stream through it
    require("node:v8").setFlagsFromString("--semi-space-growth-factor=1");
    globalThis[Symbol.for("pith.steadyYoungGeneration")] = true;
  }
  // the bundle runs as a code-cached script, where `import()` needs a module to lend it (kernel/native-import.ts)
  globalThis[Symbol.for("pith.nativeImport")] = (specifier) => import(specifier);
  // an interactive run (a terminal on both ends, no print or other mode asked for) has a code cache of its own; a
  // wrong guess here only costs speed
  const isTerminal = (fd) => {
    try {
      return require("node:fs").fstatSync(fd).isCharacterDevice();
    } catch {
      return false;
    }
  };
  const printing = args.some((arg) => arg === "-p" || arg === "--print" || arg === "--mode" || arg.startsWith("--mode="));
  const variant = !printing && isTerminal(0) && isTerminal(1) ? "tui" : undefined;
  const { loadWithCodeCache } = require("./compile-cache.cjs");
  const bundle = (name) => require("node:path").join(__dirname, "../dist", name);
  const load = (name, ...rest) => {
    try {
      return loadWithCodeCache(bundle(name), ...rest);
    } catch (error) {
      process.stderr.write(`pith: cannot load dist/${name} (${error.message}). Run \`npm install\` in the pith folder to build it.\n`);
      process.exitCode = 1;
      return undefined;
    }
  };
  // a plain interactive start draws its first frame from a bundle of the modules it needs, then reads the rest of
  // the CLI, which goes on with the interactive mode the frame made (build/frame-bundle.mjs)
  const words = variant === "tui" ? require("./first-frame-words.cjs").firstFrameWords(args) : undefined;
  let cli;
  const loadCli = () => (cli ??= load("cli-tui.cjs", variant, frame.exports.frameModule));
  // what the frame's modules import dynamically is in the second bundle, read then if it has not been yet
  const frame = words && load("frame.cjs", undefined, undefined, (file) => loadCli().exports.laterModule(file));
  if (frame) {
    frame.exports.startFrame(words).then((mode) => {
      // the frame is drawn by now; its bundle's code cache holds what ran until then, not the session's code
      frame.capture();
      loadCli();
      if (cli) cli.exports.run(args, { sessionStarting: cli.sessionRan, frame: mode });
    }, (error) => {
      process.stderr.write(`pith: unexpected error: ${error.stack ?? error.message}\n`);
      process.exitCode = 1;
    });
  } else if (!words) {
    const cli = load("cli.cjs", variant);
    if (cli) cli.exports.run(args, { sessionStarting: cli.sessionRan });
  }
}
