// /model refreshes the model catalogues while its selector is open, as pi 1.6.0's does: a whole pi-ai Provider
// (fixtures/dynamic-provider.ts) whose key file appears after start-up has its auth asked again, and its stored
// models join the open list, in pith and in pi side by side (offline: the refresh restores the stored catalogue and
// asks the provider's auth; the start-up refresh is left out offline in both).
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { useSideBySide } from "./side-by-side.js";

const FIXTURE = fileURLToPath(new URL("../extensions/fixtures/dynamic-provider.ts", import.meta.url));
const sideBySide = useSideBySide();
const storedModel = { id: "dyn-stored", name: "dyn-stored", api: "dyn-api", provider: "dyn-demo", baseUrl: "http://127.0.0.1:9/v1", reasoning: false, input: ["text"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 8000, maxTokens: 1000 };

it("/model asks a whole Provider's auth again and lists the models it now allows, as pi 1.6.0 does", async () => {
  const keyFiles: string[] = [];
  const pair = await sideBySide({
    cols: 120,
    env: { PI_OFFLINE: "1" },
    prepare: async (world) => {
      const keyFile = join(world.home, "dyn.key");
      keyFiles.push(keyFile);
      world.env.DYN_KEY_FILE = keyFile;
      await mkdir(join(world.agentDir, "extensions"), { recursive: true });
      await writeFile(join(world.agentDir, "extensions", "dyn.ts"), `export { default } from ${JSON.stringify(FIXTURE)};\n`);
      await writeFile(join(world.agentDir, "models-store.json"), JSON.stringify({ "dyn-demo": { models: [storedModel] } }));
      return [];
    },
  });
  for (const file of keyFiles) await writeFile(file, "now");
  pair.type("/model dyn\r");
  // pi 1.6.0 puts a command sent while its start-up runs back into the editor (the editor empties first, so an empty
  // editor is no sign it was taken): sent again, while it stands there, until pi's selector lists the model
  const typed = () => pair.pi.screen().some((row) => row.trim() === "/model dyn");
  let sentAt = Date.now();
  await pair.pi.waitFor((screen) => {
    if (screen.includes("dyn-stored")) return true;
    if (typed() && Date.now() - sentAt > 500) {
      sentAt = Date.now();
      pair.pi.type("\r");
    }
    return false;
  }, 30_000);
  await pair.waitFor((screen) => screen.includes("dyn-stored"), 20_000);
  pair.type("\r");
  await pair.waitFor((screen) => screen.includes("Model: dyn-stored") || /dyn-stored\s*$/m.test(screen.split("\n").at(-1) ?? ""), 20_000);
  expect(pair.pith.screen().join("\n")).toContain("Model: dyn-stored");
}, 90_000);
