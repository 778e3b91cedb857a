import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, jsonLines, type CliWorld } from "./cli-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
  await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ retry: { maxRetries: 2, baseDelayMs: 10 } }));
});
afterEach(async () => {
  await world.close();
});

const MODEL = ["--model", "mock/mock-model"];
const overloaded = { error: { status: 529, body: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } } } };

describe("retry in print mode", () => {
  it("retries 529 twice, then answers and exits 0", async () => {
    world.mock.enqueue(overloaded, overloaded, { text: "third time lucky" });
    const result = await world.run(["--mode", "json", ...MODEL, "hi"]);
    expect(result.code).toBe(0);
    const events = jsonLines(result.stdout);
    const starts = events.filter((event) => event.type === "auto_retry_start");
    expect(starts.map((event) => event.attempt)).toEqual([1, 2]);
    expect(starts.map((event) => event.delayMs)).toEqual([10, 20]);
    expect(events.find((event) => event.type === "auto_retry_end")).toMatchObject({ success: true, attempt: 2 });
    expect(world.mock.requests).toHaveLength(3);
  });

  it("exits 1 with the provider's error once the retries are used up", async () => {
    world.mock.enqueue(overloaded, overloaded, overloaded);
    const result = await world.run(["-p", ...MODEL, "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Overloaded/);
    expect(result.stdout).toBe("");
    expect(world.mock.requests).toHaveLength(3);
  });
});
