// A request body over 4 MiB is streamed (lib/http/json-body-stream.ts) through code that only the
// built CLI runs as bundled: the SDKs' own stream body handling, inside dist/vendor, with pith's web-global
// stand-ins. Each API sends a 5 MB prompt and gets its answer.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "./cli-harness.js";

let world: CliWorld | undefined;
afterEach(() => world?.close());

describe("a print run whose request is over 4 MiB", () => {
  for (const api of ["anthropic-messages", "openai-completions", "openai-responses"] as const) {
    it(`streams it over ${api} and answers`, async () => {
      world = await createCliWorld(api);
      const baseUrl = api === "anthropic-messages" ? world.mock.url : `${world.mock.url}/v1`;
      await writeFile(
        join(world.agentDir, "models.json"),
        JSON.stringify({ providers: { mock: { baseUrl, api, apiKey: "test-key", models: [{ id: "mock-model", contextWindow: 10_000_000, maxTokens: 8192 }] } } }),
      );
      const text = "all work and no play makes a long prompt\n".repeat(125_000); // 5 MB
      await writeFile(join(world.project, "big.txt"), text);
      world.mock.enqueue({ text: "read it all" });
      const run = await world.run(["-p", "--no-session", "--model", "mock/mock-model", "@big.txt", "summarise"]);
      expect(run.stderr).toBe("");
      expect(run).toMatchObject({ code: 0, stdout: "read it all\n" });
      const sent = JSON.stringify(world.mock.requests[0]!.body);
      expect(sent.length).toBeGreaterThan(5_000_000);
      expect(sent).toContain("makes a long prompt");
    });
  }
});
