// pi 1.6's whole-`Provider` availability and background refresh (fixtures/dynamic-provider.ts), pith and pi 1.6.0 in
// `--mode rpc` online: once ready, each refreshes the catalogues in the background (the provider's models appear
// without any command), and each `ctx.modelRegistry.refresh()` asks the provider's auth again, so its models leave
// `get_available_models` when its key file goes and come back when it returns.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";
import { spawnPiRpc, spawnRpc, type RpcChild } from "../rpc/rpc-harness.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/dynamic-provider.ts", import.meta.url));

type Spawn = (world: CliWorld, args: string[], env: NodeJS.ProcessEnv) => RpcChild;

async function walk(world: CliWorld, spawn: Spawn) {
  const keyFile = join(world.home, "dyn.key");
  const log = join(world.home, "dyn.log");
  await writeFile(keyFile, "present");
  const rpc = spawn(world, ["-ne", "-e", FIXTURE], { PI_OFFLINE: undefined, DYN_KEY_FILE: keyFile, DYN_LOG: log, DYN_CATALOGUE: "dyn-a,dyn-b" });
  const available = async () => {
    const response = await rpc.peer.request({ type: "get_available_models" });
    const { models } = response.data as { models: { provider: string; id: string }[] };
    return models.filter((model) => model.provider === "dyn-demo").map((model) => model.id);
  };
  const results = async () => (existsSync(log) ? (await readFile(log, "utf8")).split("\n").filter((line) => line.includes('"result"')).length : 0);
  const refresh = async () => {
    const before = await results();
    await rpc.peer.request({ type: "prompt", message: "/dyn-refresh" });
    while ((await results()) === before) await new Promise((resolve) => setTimeout(resolve, 50));
    return available();
  };
  try {
    // nothing asks for it: the start-up refresh brings the catalogue
    let atStart = await available();
    while (atStart.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      atStart = await available();
    }
    await rm(keyFile);
    const withoutKey = await refresh();
    await writeFile(keyFile, "back");
    const keyBack = await refresh();
    return { atStart, withoutKey, keyBack };
  } finally {
    rpc.peer.end();
    await rpc.exited;
  }
}

describe.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("a whole Provider's availability and background refresh in RPC mode, beside pi 1.6.0", () => {
  const worlds: CliWorld[] = [];
  beforeEach(async () => worlds.push(await createCliWorld(), await createCliWorld()));
  afterEach(async () => Promise.all(worlds.splice(0).map((world) => world.close())));

  it("refreshes once ready and asks the provider's auth again at each refresh", { timeout: 120_000 }, async () => {
    const [pithWorld, piWorld] = worlds as [CliWorld, CliWorld];
    const [pith, pi] = await Promise.all([walk(pithWorld, spawnRpc), walk(piWorld, (world, args, env) => spawnPiRpc(world, args, env, { live: true }))]);
    expect(pi).toEqual({ atStart: ["dyn-a", "dyn-b"], withoutKey: [], keyBack: ["dyn-a", "dyn-b"] });
    expect(pith).toEqual(pi);
  });
});
