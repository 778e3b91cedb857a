// pi's `httpProxy` setting through the real CLI: the agent folder's settings.json names a proxy, and the model
// request goes through it; HTTP_PROXY in the environment wins over the setting, and a project cannot set it.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { startTestProxy, type TestProxy } from "../support/test-proxy.js";
import { createCliWorld, type CliWorld } from "./cli-harness.js";

let world: CliWorld;
let settingProxy: TestProxy;
let envProxy: TestProxy;
beforeAll(async () => {
  world = await createCliWorld();
  [settingProxy, envProxy] = await Promise.all([startTestProxy(), startTestProxy()]);
});
afterAll(async () => {
  await Promise.all([world.close(), settingProxy.close(), envProxy.close()]);
});
afterEach(() => {
  settingProxy.tunnels.length = 0;
  envProxy.tunnels.length = 0;
});

const mockAuthority = () => new URL(world.mock.url).host;

async function ask(env: NodeJS.ProcessEnv = {}, args: string[] = []): Promise<void> {
  world.mock.enqueue({ text: "answered" });
  const result = await world.run([...args, "-p", "hi"], { env });
  expect(result.stderr).toBe("");
  expect(result.stdout.trim()).toBe("answered");
}

it("sends the model request through the proxy the agent folder's settings name", async () => {
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ httpProxy: settingProxy.url }));
  await ask();
  expect(settingProxy.tunnels).toEqual([{ authority: mockAuthority() }]);
});

it("lets HTTP_PROXY in the environment win over the setting", async () => {
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ httpProxy: settingProxy.url }));
  await ask({ HTTP_PROXY: envProxy.url });
  expect(envProxy.tunnels).toEqual([{ authority: mockAuthority() }]);
  expect(settingProxy.tunnels).toEqual([]);
});

it("ignores httpProxy in a trusted project's settings", async () => {
  await writeFile(join(world.agentDir, "settings.json"), "{}");
  await mkdir(join(world.project, ".pi"), { recursive: true });
  await writeFile(join(world.project, ".pi", "settings.json"), JSON.stringify({ httpProxy: settingProxy.url }));
  await ask({}, ["--approve"]);
  expect(settingProxy.tunnels).toEqual([]);
});
