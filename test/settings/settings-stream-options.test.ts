// settings.json's `transport`, `thinkingBudgets` and `enableInstallTelemetry` (as attribution) reach every model request (StreamRequest) through the
// settings plugin's `stream_options` handler: a real session on the built-in plugins, the scripted provider
// recording what it was asked.
import { afterEach, describe, expect, it } from "vitest";
import { restoreEnvironmentAfterEach } from "../providers/support/environment.js";
import { createPithSession, type PithSession } from "../../sdk/index.js";
import { sdkWorld, type SdkWorld } from "../sdk/harness.js";

let world: SdkWorld | undefined;
let session: PithSession | undefined;
afterEach(async () => {
  await session?.dispose();
  world?.close();
});

restoreEnvironmentAfterEach(["PI_TELEMETRY"]);

describe("settings that shape each model request", () => {
  it("pass the transport and the thinking budgets to the provider, read at each request", async () => {
    world = sdkWorld({ transport: "websocket-cached", thinkingBudgets: { low: 1000, high: 20_000 } });
    const options = world.options([{ text: "one" }, { text: "two" }]);
    session = await createPithSession(options);
    await session.prompt("hi");
    expect(options.scripted.requests[0]).toMatchObject({ transport: "websocket-cached", thinkingBudgets: { low: 1000, high: 20_000 } });
    await session.settings.set("transport", "sse", "global");
    await session.prompt("again");
    expect(options.scripted.requests[1]!.transport).toBe("sse");
  });

  it("turn provider attribution on and off with install telemetry, which PI_TELEMETRY overrides", async () => {
    delete process.env.PI_TELEMETRY;
    world = sdkWorld({});
    const options = world.options([{ text: "one" }, { text: "two" }, { text: "three" }]);
    session = await createPithSession(options);
    await session.prompt("hi");
    expect(options.scripted.requests[0]!.attribution).toBe(true);
    await session.settings.set("enableInstallTelemetry", false, "global");
    await session.prompt("again");
    expect(options.scripted.requests[1]!.attribution).toBe(false);
    process.env.PI_TELEMETRY = "1";
    await session.prompt("once more");
    expect(options.scripted.requests[2]!.attribution).toBe(true);
  });
});
