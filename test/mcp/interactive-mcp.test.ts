// /mcp and /reload in the interactive UI, in a real pseudo-terminal: the server list and a server's actions
// (exposure and disable saved to mcp.json), a server added to mcp.json meanwhile picked up by /reload, and OAuth sign-in with
// the browser `$BROWSER` names.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import { usePtyWorld } from "../interactive/pty-harness.js";
import { startOAuthFixture, type OAuthFixture } from "./fixtures/oauth-server.mjs";
import { fixtureServer } from "./mcp-harness.js";

const FAKE_BROWSER = fileURLToPath(new URL("./fixtures/fake-browser.mjs", import.meta.url));
const DOWN = "\x1b[B";

const ui = usePtyWorld();
let oauth: OAuthFixture | undefined;
afterEach(async () => {
  await oauth?.close();
  oauth = undefined;
});

/** Types `command` again until the screen matches: `/mcp list` shows a snapshot, and servers connect meanwhile. */
async function repeatUntil(run: Awaited<ReturnType<typeof ui.start>>, command: string, pattern: RegExp): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    run.type(command);
    try {
      return await run.waitFor((screen) => pattern.test(screen), 500);
    } catch {
      // not yet
    }
  }
  throw new Error(`never shown: ${pattern}\n${run.screen().join("\n")}`);
}

const configFile = () => join(ui.world().agentDir, "mcp.json");
const writeConfig = (servers: Record<string, unknown>) => writeFile(configFile(), JSON.stringify({ mcpServers: servers }, null, 2));

it("/mcp lists the servers; a server's Exposure and Disable are saved to mcp.json; /reload connects a server added meanwhile", async () => {
  await writeConfig({ fx: fixtureServer({ exposure: "direct" }) });
  const run = await ui.start();
  await repeatUntil(run, "/mcp list\r", /fx: connected/);
  run.type("/mcp\r");
  await run.waitFor((screen) => screen.includes("MCP servers") && /fx\s+connected, \d+ tools · direct · user/.test(screen));
  run.type("\r");
  await run.waitForText("Details and tools");
  // Exposure: pi's three choices, the current one ticked; deferred is saved and the tools leave the request
  run.type(`${DOWN}${DOWN}\r`);
  await run.waitFor((screen) => /✓ direct: declared to the model/.test(screen) && screen.includes("deferred: not declared until tool_search"));
  run.type(`${DOWN}\r`);
  await run.waitForText(`fx is deferred (saved to ${configFile()})`);
  run.type("/mcp\r");
  await run.waitFor((screen) => /fx\s+connected, \d+ tools · deferred · user/.test(screen));
  run.type("\r");
  await run.waitForText("Details and tools");
  run.type(`${DOWN}${DOWN}${DOWN}\r`);
  await run.waitForText(`Disabled fx (saved to ${configFile()})`);
  const saved = JSON.parse(await readFile(configFile(), "utf8")) as { mcpServers: Record<string, Record<string, unknown>> };
  expect(saved.mcpServers.fx).toMatchObject({ enabled: false, exposure: "deferred" });

  await writeConfig({ ...saved.mcpServers, fy: fixtureServer({ exposure: "direct" }, ["--tools", "2"]) });
  run.type("/reload\r");
  await run.waitForText("Reloaded");
  await repeatUntil(run, "/mcp list\r", /fy: connected, \d+ tools · direct · user/);
  expect(run.screen().join("\n")).toMatch(/fx: disabled · deferred · user/);
}, 60_000);

it("/mcp login signs in through the browser $BROWSER names, and the server connects", async () => {
  oauth = await startOAuthFixture();
  await writeConfig({ web: { url: oauth.url } });
  const run = await ui.start([], { env: { BROWSER: `${process.execPath} ${FAKE_BROWSER}` } });
  run.type("/mcp login web\r");
  await run.waitFor((screen) => /Signed in to web: connected, \d+ tools/.test(screen), 20_000);
  expect(run.buffer().join("\n")).toMatch(/To sign in to web, open:\s+http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
  expect(oauth.log.codeExchanges).toBe(1);
}, 30_000);
