// The most-used pi packages of the npm registry (packages.mjs, pinned), installed from the registry by pith itself
// into a temporary agent folder (settings.json lists them; start-up installs what is missing), register in pith
// what they register in pi 1.6.0: the same tools and commands per package and the same extension flags, with no
// load error. pi's side is registry/pi16-registrations.json, written by registry/generate-fixture.mjs (which runs
// pi 1.6.0 on the Node 22 binary with the same probe), so the test does not run pi.
// @long-running: npm installs five packages from the registry, then jiti compiles them
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExtensionsService } from "../../plugins/extensions/index.js";
import { createWorld, messagesOf, startSession, type Started, type World } from "../extensions/harness.js";
import { packageOf, registrations, REGISTRY_PACKAGES } from "./registry/packages.mjs";

interface Registered {
  tools: string[];
  commands: string[];
}
const fixture = JSON.parse(readFileSync(new URL("./registry/pi16-registrations.json", import.meta.url), "utf8")) as {
  packages: string[];
  flags: string[];
  registrations: Record<string, Registered>;
};

let world: World;
let started: Started;
let seen: Record<string, Registered> = {};
const saved = { cache: process.env.npm_config_cache, setupTimeout: process.env.PITH_SETUP_TIMEOUT_MS };

beforeAll(async () => {
  world = await createWorld();
  // npm's cache in the world, never the real one; the registry, proxies and CA certificates stay as configured
  process.env.npm_config_cache = join(world.root, "npm-cache");
  // compiling the packages' TypeScript the first time takes longer than the 60 s a plugin setup gets by default
  // on a loaded machine (pi has no such limit)
  process.env.PITH_SETUP_TIMEOUT_MS = "600000";
  await world.write("agent/settings.json", JSON.stringify({ packages: REGISTRY_PACKAGES.map((spec) => `npm:${spec}`) }));
  started = await startSession(world, {
    // what is registered once every session_start handler (where some packages register tools) has run
    inline: [{ name: "probe", factory: (pi) => void pi.on("before_agent_start", () => void (seen = registrations(pi))) }],
    turns: [{ text: "ok" }],
  });
  await started.session.prompt("hi");
}, 900_000);

afterAll(async () => {
  restore("npm_config_cache", saved.cache);
  restore("PITH_SETUP_TIMEOUT_MS", saved.setupTimeout);
  await started?.session.dispose();
  await world?.close();
}, 120_000);

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

describe("pi packages from the npm registry", () => {
  it("the fixture was made from the packages this test installs", () => {
    expect(fixture.packages).toEqual(REGISTRY_PACKAGES);
  });

  it("install and load without a problem", () => {
    expect(messagesOf(started.problems)).toEqual([]);
    expect(started.warnings).toEqual([]);
    const extensions = started.session.registry.services.get("extensions") as ExtensionsService;
    const loaded = new Set(extensions.loaded.map((extension) => packageOf(extension.path)));
    for (const spec of REGISTRY_PACKAGES) expect(loaded).toContain(spec.slice(0, spec.lastIndexOf("@")));
  });

  it.each(REGISTRY_PACKAGES.map((spec) => spec.slice(0, spec.lastIndexOf("@"))))("%s registers the tools and commands it registers in pi 1.6.0", (name: string) => {
    expect(seen[name] ?? { tools: [], commands: [] }).toEqual(fixture.registrations[name] ?? { tools: [], commands: [] });
  });

  it("the packages register the extension flags pi 1.6.0 lists", () => {
    const extensions = started.session.registry.services.get("extensions") as ExtensionsService;
    const flags = extensions.flags().filter((flag) => packageOf(flag.extension) !== undefined).map((flag) => flag.name);
    expect(flags.sort()).toEqual(fixture.flags);
  });
});
