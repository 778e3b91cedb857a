// What a print run loads of node itself: Node 20's fetch globals (Headers, Response, FormData, fetch) load all of
// undici when touched, which used to be the largest single start-up cost after node's own; the provider SDKs
// touch them on every request, so the bundles give them pith's own classes (lib/http/web-globals.ts).
// Built-ins that bundled modules import but a print run never calls load on first use (bin/bundle-require.cjs).
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "./cli-harness.js";

const PROBE = fileURLToPath(new URL("./fixtures/loaded-modules.cjs", import.meta.url));

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(() => world.close());

async function loadedModules(api: Parameters<typeof createCliWorld>[0]): Promise<{ modules: string[]; vendorBundles: string[] }> {
  await world.close();
  world = await createCliWorld(api);
  world.mock.enqueue({ text: "hello there" });
  const run = await world.run(["-p", "--no-session", "--model", "mock/mock-model", "hi"], { env: { NODE_OPTIONS: `--require ${PROBE}` } });
  expect(run.code).toBe(0);
  expect(run.stdout).toBe("hello there\n");
  const line = /__LOADED_MODULES__ (.*)/.exec(run.stderr);
  const vendor = /__VENDOR_BUNDLES__ (.*)/.exec(run.stderr);
  expect(line).not.toBeNull();
  expect(vendor).not.toBeNull();
  return { modules: JSON.parse(line![1]!) as string[], vendorBundles: JSON.parse(vendor![1]!) as string[] };
}

// the one provider SDK each API's run reads; the other providers' SDKs (Google's, AWS's, the other of these two) and
// the Codex WebSocket client stay unread: a run loads only its own model's provider (issue 17)
const OWN_SDK = { "anthropic-messages": "anthropic.cjs", "openai-completions": "openai.cjs", "openai-responses": "openai.cjs" } as const;
const PROVIDER_BUNDLES = ["anthropic.cjs", "openai.cjs", "google.cjs", "bedrock.cjs", "ws.cjs"];

describe("a print run", () => {
  for (const api of ["anthropic-messages", "openai-completions", "openai-responses"] as const) {
    it(`through ${api} never loads undici, nor another provider's SDK`, async () => {
      const { modules, vendorBundles } = await loadedModules(api);
      expect(vendorBundles.filter((bundle) => PROVIDER_BUNDLES.includes(bundle))).toEqual([OWN_SDK[api]]);
      expect(modules).toContain("http");
      expect(modules.filter((name) => name.includes("undici"))).toEqual([]);
      // loaded when a request needs them: TLS for an https URL, zlib for a compressed body
      expect(modules).not.toContain("https");
      expect(modules).not.toContain("zlib");
      // imported by the tools, commander and the settings lock, called only when a run needs them
      for (const unused of ["child_process", "readline", "timers/promises", "worker_threads"]) expect(modules).not.toContain(unused);
      // web streams (the SDKs' `instanceof ReadableStream`, response bodies), Web Crypto and perf_hooks
      expect(modules.filter((name) => /webstreams\/(readable|writable)stream|webcrypto|^perf_hooks$/.test(name))).toEqual([]);
    });
  }
});
