// Builds the shipped JavaScript: one esbuild pass bundles the CLI and the library entry points with shared
// chunks (provider SDKs stay in chunks of their own, loaded only when used); tsc writes the type declarations.
import { build } from "esbuild";
import { readFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
rmSync("dist", { recursive: true, force: true });

await build({
  entryPoints: {
    cli: "sdk/cli/run.ts",
    "sdk/index": "sdk/index.ts",
    "sdk/testing": "sdk/testing/index.ts",
    "kernel/index": "kernel/index.ts",
  },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  minify: true,
  // jiti is only for user plugins and extensions; it stays a normal dependency, imported on demand.
  external: ["jiti"],
  define: { __PITH_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: "import { createRequire as __pithCreateRequire } from 'node:module'; const require = __pithCreateRequire(import.meta.url);" },
  logLevel: "warning",
  chunkNames: "chunks/[name]-[hash]",
});

if (!process.argv.includes("--no-types")) {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" });
}
