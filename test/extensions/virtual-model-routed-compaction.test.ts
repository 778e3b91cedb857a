// A virtual model whose router sends the first prompt to a large model and the next one to a small one, in pith and
// in pi 1.6.0 itself (Node 22) over RPC on the same mock conversation: the first reply fills most of the small
// model's window, which the check before the prompt (against the large model that answered) does not mind; once the
// router has chosen the small model, the conversation is compacted before that request (a summary, then the small
// model gets the compacted conversation), the route standing. pith used to check only before the prompt and after
// the run, against the model that answered last.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";
import { spawnPiRpc, spawnRpc, type RpcChild } from "../rpc/rpc-harness.js";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";
import { ROUTED_MODELS } from "./fixtures/virtual-router.js";

const ROUTER = `
export default function (pi) {
  pi.registerVirtualModel({
    provider: "router",
    id: "auto",
    name: "Auto",
    contextWindow: 100000,
    maxTokens: 4000,
    route(request, ctx) {
      const users = request.messages.filter((message) => message.role === "user").length;
      const id = request.reason === "user" && users > 2 ? "small" : "mock-model";
      return { model: ctx.modelRegistry.find("mock", id), thinkingLevel: "off" };
    },
  });
}
`;

async function observe(world: CliWorld, rpc: RpcChild) {
  const { peer } = rpc;
  try {
    expect((await peer.request({ type: "set_model", provider: "router", modelId: "auto" })).success).toBe(true);
    for (const message of [`first ${"word ".repeat(100)}`, "second", "third"]) {
      const from = peer.records.length;
      await peer.request({ type: "prompt", message });
      await peer.waitFor((record) => record.type === "agent_settled", from);
    }
    const compactions = peer.ofType("compaction_start").map((record) => record.reason);
    const requests = world.mock.requests.map((request) => ({
      model: request.body.model,
      summarised: JSON.stringify(request.body).includes("## Goal"),
      firstPrompt: JSON.stringify(request.body).includes("first word"),
      third: JSON.stringify(request.body).includes("third"),
    }));
    peer.end();
    await rpc.exited;
    return { compactions, requests };
  } finally {
    rpc.child.kill();
  }
}

describe.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("virtual models: compaction before a routed request (side by side with pi 1.6.0)", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
    await writeMockModels(world, ROUTED_MODELS);
    await writeFile(join(world.home, "router.ts"), ROUTER);
    await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ compaction: { reserveTokens: 1000, keepRecentTokens: 10 } }));
  });
  afterEach(() => world.close());

  const script = () =>
    world.mock.enqueue(
      // fills 4.6k: far under the large model's window, over the small one's threshold (5k - 1k reserve)
      { text: "one", usage: { input: 100, output: 10 } },
      // pi 1.6.0 estimates this request from the text (about 4.5k tokens), pith from the usage
      { text: `two ${"word ".repeat(3600)}`, usage: { input: 4600, output: 10 } },
      { text: "## Goal\nsummary", usage: { input: 300, output: 20 } },
      // the third prompt's turn is split: its start is summarised too
      { text: "## Goal\nturn start", usage: { input: 300, output: 20 } },
      { text: "three", usage: { input: 400, output: 10 } },
    );

  it("compacts once the router chose a model whose window is too small, then sends it the compacted conversation", { timeout: 180_000 }, async () => {
    const args = ["-ne", "-e", join(world.home, "router.ts"), "--no-session"];
    script();
    const pith = await observe(world, spawnRpc(world, args));
    world.mock.requests.length = 0;
    script();
    const pi = await observe(world, spawnPiRpc(world, args));
    expect(pi.compactions).toEqual(["threshold"]);
    expect(pi.requests).toEqual([
      { model: "mock-model", summarised: false, firstPrompt: true, third: false },
      { model: "mock-model", summarised: false, firstPrompt: true, third: false },
      // the summaries, direct requests the router sends to the large model
      { model: "mock-model", summarised: true, firstPrompt: true, third: false },
      { model: "mock-model", summarised: false, firstPrompt: false, third: false },
      // the route stands: the small model gets the compacted conversation, with the prompt
      { model: "small", summarised: true, firstPrompt: false, third: true },
    ]);
    expect(pith).toEqual(pi);
  });
});
