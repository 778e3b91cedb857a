// The `require` the CLI bundle runs with. esbuild compiles `import { spawn } from "node:child_process"` into a
// `require` when the importing module initialises and each use into a property read (`(0, cp.spawn)(...)`), so a
// run would load every built-in that any bundled module names, used or not (child_process, crypto, readline...:
// 1-5 ms each on Node 20). Built-ins that node has not loaded at start-up are handed out as proxies that require
// the real module on first use; a namespace import (`import * as`) lists the module's keys and so loads it then.
"use strict";

const LAZY = new Set([
  "child_process", "crypto", "dgram", "dns", "fs/promises", "http", "https", "inspector", "net", "perf_hooks", "readline",
  "readline/promises", "timers/promises", "tls", "tty", "v8", "worker_threads", "zlib",
]);

function lazyModule(load) {
  let loaded;
  const real = () => (loaded ??= load());
  // The target stays empty: every answer comes from the real module. A proxy may not report a non-configurable
  // property its target lacks, so descriptors are handed out as configurable.
  return new Proxy({}, {
    get: (_, key) => real()[key],
    has: (_, key) => key in real(),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

const VENDOR = "pith-vendor:";
const FRAME = "pith-frame:";
const LATER = "pith-later:";

/**
 * A require for `module` whose heavy built-ins load on first use, and which answers `pith-vendor:<file>#<export>`
 * (the CLI bundle's imports of libraries built apart, build/vendor-modules.mjs) from `vendored(file)`, and
 * `pith-frame:<index>` (a module the interactive CLI bundle shares with the first-frame bundle, build/frame-bundle.mjs)
 * from `frameModule(index)`, and `pith-later:<file>` (a module the first-frame bundle leaves to the interactive CLI
 * bundle) from `laterModule(file)`.
 */
function bundleRequire(module, vendored, frameModule, laterModule) {
  const lazy = new Map();
  const vendorBundles = new Map();
  return (id) => {
    if (id.startsWith(FRAME)) return frameModule(Number(id.slice(FRAME.length)));
    if (id.startsWith(LATER)) return laterModule(id.slice(LATER.length));
    if (id.startsWith(VENDOR)) {
      const [file, key] = id.slice(VENDOR.length).split("#");
      if (!vendorBundles.has(file)) vendorBundles.set(file, vendored(file));
      return vendorBundles.get(file)[key];
    }
    const name = id.startsWith("node:") ? id.slice(5) : id;
    if (!LAZY.has(name)) return module.require(id);
    let proxy = lazy.get(name);
    if (!proxy) lazy.set(name, (proxy = lazyModule(() => module.require(`node:${name}`))));
    return proxy;
  };
}

module.exports = { bundleRequire };
