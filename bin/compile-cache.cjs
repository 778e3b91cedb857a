// Loads the bundled CLI through V8's code cache. Node 20 has no compile cache for user modules, and compiling
// the CLI's code is a large part of a run's start-up; with the cache V8 deserializes bytecode instead. The cache
// lives in pith's cache folder, keyed by node's version, the bundle's size and mtime (V8 itself only checks the
// source length) and node's flags. It is written at exit when missing, rejected, or made by a run that never
// opened a session (then it lacks most of the code a prompt runs). A session's cache has a file per kind of run
// (`variant`): V8 deserializes all of a cache, so an interactive run would load what a print run compiled and lack
// the UI's code, or the reverse, depending on which ran first. Any failure here only costs speed.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const os = require("node:os");
const vm = require("node:vm");
const Module = require("node:module");
const { bundleRequire } = require("./bundle-require.cjs");

/** Mirrors sdk/cache-dir.ts: $PITH_CACHE_DIR, else $XDG_CACHE_HOME/pith, else ~/.cache/pith. */
function cacheFolder(env) {
  if (env.PITH_CACHE_DIR) return env.PITH_CACHE_DIR;
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pith");
}

/** A short, stable name for a string (32-bit FNV-1a): no need to load node:crypto for a file name. */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

// Every bundle and code cache a run reads goes through one buffer. A buffer of each file's own would be fresh memory
// each time, and the first touch of a fresh page is costly (more so in a virtual machine); V8 copies the source into
// a string and deserializes the cache before the next file is read, so the pages can serve them all.
let readBuffer;

/** `file`'s bytes, in the shared buffer: valid until the next read. `room`: the size a read to come will need. */
function readShared(file, room = 0) {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    if (!readBuffer || readBuffer.length < size) readBuffer = Buffer.allocUnsafeSlow(Math.max(size, room));
    let filled = 0;
    while (filled < size) {
      const read = fs.readSync(fd, readBuffer, filled, size - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return readBuffer.subarray(0, filled);
  } finally {
    fs.closeSync(fd);
  }
}

/** A cache file's size, or undefined: a missing file, and a cache folder that is not a folder, are the same here. */
function statOptional(file) {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function readOptional(file) {
  try {
    return readShared(file);
  } catch {
    return undefined;
  }
}

function writeAtomically(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}

/** Caches of earlier builds of the bundle (or other node versions) are never read again: a new one replaces them. */
function removeOtherBuilds(folder, bundleName, build) {
  for (const name of fs.readdirSync(folder)) {
    if (name.startsWith(`${bundleName}-`) && !name.startsWith(`${build}-`)) fs.rmSync(path.join(folder, name), { force: true });
  }
}

// one instance of each vendor bundle for every bundle that imports it (the CLI and the first-frame bundle)
const vendorBundles = new Map();

/**
 * Requires `file` (a CommonJS bundle) with its code cache. Returns the module's exports and `sessionRan()`, which
 * the CLI calls once a run reaches its session machinery, so the cache written at exit covers that code (a bundle
 * nothing calls that for, a vendor bundle, is cached as its first run left it). `variant` names the kind of run
 * whose session cache this is ("tui"), none for the others. `frameModule`: the first-frame bundle's modules, for the
 * bundle that shares them; `laterModule`: the modules the first-frame bundle leaves to that bundle. `capture()` takes
 * the cache as the code compiled so far stands, for a bundle whose cache should hold only what runs before a moment
 * (the first frame), not what runs after it; the vendor bundles loaded by then (pi-tui) are taken at the same moment.
 */
function loadWithCodeCache(file, variant, frameModule, laterModule) {
  const enabled = process.env.PITH_COMPILE_CACHE !== "0";
  let folder, build, full, light, cachedData, loadedFull = false, cacheSize = 0;
  if (enabled) {
    const stat = fs.statSync(file);
    // V8 rejects a cache made under other flags; one file per flag set keeps alternating runs from rewriting it
    const steady = globalThis[Symbol.for("pith.steadyYoungGeneration")] ? "|steady-young-generation" : "";
    const flags = fnv1a(`${process.execArgv.join(" ")}|${process.env.NODE_OPTIONS ?? ""}${steady}`);
    build = `${path.basename(file)}-${process.version}-${process.arch}-${stat.size}-${Math.floor(stat.mtimeMs)}`;
    const key = `${build}-${flags}`;
    folder = path.join(cacheFolder(process.env), "v8");
    full = path.join(folder, variant ? `${key}.full-${variant}` : `${key}.full`);
    light = path.join(folder, `${key}.light`);
    cacheSize = (statOptional(full) ?? statOptional(light))?.size ?? 0;
  }
  // build.mjs makes the bundle pure ASCII, so latin1 reads it exactly, without UTF-8 decoding (a tenth of the time);
  // its cache is read next into the same buffer, which is made large enough for both at once
  const source = readShared(file, cacheSize).toString("latin1");
  if (enabled) {
    cachedData = readOptional(full);
    loadedFull = cachedData !== undefined;
    cachedData ??= readOptional(light);
  }
  // the bundle is already the module function (build.mjs's loaderWrapper): V8 gets the text as read
  const script = new vm.Script(source, { filename: file, cachedData });
  const module = new Module(file, require.main);
  module.filename = file;
  module.paths = Module._nodeModulePaths(path.dirname(file));
  const vendored = (name) => {
    const vendorFile = path.join(path.dirname(file), "vendor", name);
    if (!vendorBundles.has(vendorFile)) vendorBundles.set(vendorFile, loadWithCodeCache(vendorFile));
    return vendorBundles.get(vendorFile).exports;
  };
  script.runInThisContext().call(module.exports, module.exports, bundleRequire(module, vendored, frameModule, laterModule), module, file, path.dirname(file));

  let sessionRan = false;
  let captured;
  const usable = enabled && cachedData !== undefined && !script.cachedDataRejected;
  if (enabled) {
    process.once("exit", () => {
      const target = sessionRan ? (loadedFull && usable ? undefined : full) : usable ? undefined : light;
      if (!target) return;
      try {
        writeAtomically(target, captured ?? script.createCachedData());
        removeOtherBuilds(folder, path.basename(file), build);
      } catch {
        // a read-only or full disk only means the next start compiles again
      }
    });
  }
  const captureOwn = () => {
    if (enabled && !usable) captured ??= script.createCachedData();
  };
  const capture = () => {
    captureOwn();
    for (const vendor of vendorBundles.values()) vendor.captureOwn();
  };
  return { exports: module.exports, sessionRan: () => (sessionRan = true), capture, captureOwn };
}

module.exports = { loadWithCodeCache };
