// context_with_system's transcript as pi 1.6.0 shows it: pi itself (on the Node 22 binary) and pith run the same
// extension over RPC; after the active tools change between two prompts, the second request's transcript holds the
// leading system message, the conversation and the tool patch pi stores, and a handler that edits the head still
// changes the request's prompt.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { spawnPiRpc, spawnRpc, type RpcChild } from "../rpc/rpc-harness.js";
import { NODE22, PI16_CLI } from "../support/pi-node22.js";

const EXTENSION = `
import { appendFileSync } from "node:fs";
export default function (pi) {
  const describe = (message) => message.role !== "system" ? message.role : "system" + JSON.stringify({
    added: (message.toolsAdded ?? []).map((tool) => tool.name).filter((name) => name === "read" || name === "bash"),
    removed: (message.toolsRemoved ?? []).map((tool) => tool.name),
  });
  pi.registerCommand("only-read", { handler: async () => { pi.setActiveTools(["read"]); } });
  pi.on("context_with_system", (event) => {
    appendFileSync(process.env.OBSERVED, JSON.stringify(event.messages.map(describe)) + "\\n");
    const [head, ...rest] = event.messages;
    return { messages: [{ ...head, content: head.content + "\\n\\nSpeak like a pirate." }, ...rest] };
  });
}
`;

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(() => world.close());

async function observe(spawn: (world: CliWorld, args: string[], env: NodeJS.ProcessEnv) => RpcChild, name: string) {
  const observedFile = join(world.home, `${name}-observed.txt`);
  const extension = join(world.home, "transcript.mjs");
  await writeFile(extension, EXTENSION);
  world.mock.enqueue({ text: "one" }, { text: "two" });
  const from = world.mock.requests.length;
  const rpc = spawn(world, ["--no-session", "-e", extension, "--tools", "read,bash"], { OBSERVED: observedFile });
  try {
    const settled = async (message: string) => {
      const start = rpc.peer.records.length;
      await rpc.peer.request({ type: "prompt", message });
      await rpc.peer.waitFor((record) => record.type === "agent_settled", start);
    };
    await settled("first");
    await rpc.peer.request({ type: "prompt", message: "/only-read" });
    await settled("second");
    rpc.peer.end();
    await rpc.exited;
  } finally {
    rpc.child.kill();
  }
  const pirate = world.mock.requests.slice(from).map((request) => JSON.stringify(request.body).includes("Speak like a pirate."));
  return { transcripts: (await readFile(observedFile, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as string[]), pirate };
}

it.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("context_with_system shows the stored system messages, the tool patch included, as pi 1.6.0 does", async () => {
  const pi = await observe(spawnPiRpc, "pi");
  const pith = await observe(spawnRpc, "pith");
  expect(pi.transcripts).toEqual([
    ['system{"added":["read","bash"],"removed":[]}', "user"],
    ['system{"added":["read","bash"],"removed":[]}', "user", "assistant", 'system{"added":[],"removed":["bash"]}', "user"],
  ]);
  expect(pi.pirate).toEqual([true, true]);
  expect(pith).toEqual(pi);
}, 120_000);
