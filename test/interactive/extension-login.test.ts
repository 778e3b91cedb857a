// /login and /logout with a provider an extension registers with an OAuth login (fixtures/corp-sso.ts) in a real
// terminal: the provider is offered, the extension's login draws its URL, instructions and question in the
// dialog, the pasted code is exchanged, auth.json holds pi's entry, the next request sends `getApiKey`'s key, and
// /logout lists the login under the extension's name and removes it. A whole pi-ai `Provider`'s own API key
// questions (fixtures/native-auth-provider.ts) run in the same dialog; its `secret` question shows what is typed,
// as pi 1.6.0's dialog does (side by side).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { installCorpSso, startTokenServer, type TokenServer } from "../extensions/fixtures/corp-sso.js";
import { usePtyWorld, type PtyRun } from "./pty-harness.js";
import { useSideBySide } from "./side-by-side.js";

const ui = usePtyWorld();
const sideBySide = useSideBySide();
const NATIVE_AUTH_FIXTURE = fileURLToPath(new URL("../extensions/fixtures/native-auth-provider.ts", import.meta.url));
let sso: TokenServer;

beforeAll(async () => {
  sso = await startTokenServer();
});
afterAll(() => sso.close());

const flat = (run: PtyRun) => run.screen().join("\n");
const authJson = async () => JSON.parse(await readFile(join(ui.world().agentDir, "auth.json"), "utf8")) as Record<string, Record<string, unknown>>;

it("/login signs in through the extension's login; the request carries its key; /logout removes it", async () => {
  const world = ui.world();
  await installCorpSso(world.agentDir);
  const env = { CORP_SSO_URL: sso.url, CORP_LLM_URL: `${world.mock.url}/v1`, BROWSER: "true" };
  const run = await ui.start([], { env, cols: 160 });
  run.type("/login\r");
  await run.waitForText("Select authentication method:");
  run.type("\r");
  await run.waitForText("Select provider to configure:");
  run.type("corp");
  await run.waitForText("Corp AI (SSO) • not configured");
  run.type("\r");
  await run.waitForText("Login to Corp AI (SSO)");
  await run.waitForText("Paste the code");
  expect(flat(run).replace(/\s+/g, "")).toContain(`${sso.url}/authorize?client_id=pi`);
  expect(flat(run)).toContain("Sign in with your corporate account.");
  run.type("code-123\r");
  await run.waitForText("Logged in to Corp AI (SSO). Credentials saved to");
  expect((await authJson())["corp-ai"]).toMatchObject({ type: "oauth", access: "access-1", refresh: "refresh-1", team: "blue" });

  world.mock.enqueue({ text: "Hello over the SSO login." });
  run.type("/model corp-ai/corp-chat\r");
  await run.waitForText("Model: corp-chat");
  run.type("hi\r");
  await run.waitForText("Hello over the SSO login.");
  expect(world.mock.requests.at(-1)!.headers.authorization).toBe("Bearer corp-access-1");

  run.type("/logout\r");
  await run.waitForText("Select provider to logout:");
  // pi 1.6.0 says "subscription" only for a login with `isSubscription`, which this one does not set
  expect(flat(run)).toContain("Corp AI (SSO) [account]");
  run.type("corp\r");
  await run.waitForText("Logged out of Corp AI (SSO)");
  expect((await authJson())["corp-ai"]).toBeUndefined();
});

// one pith start for both: the pair's pith goes on from the dialog pi is compared on to the end of the login and a
// request on its key
it("a whole pi-ai Provider's `secret` question shows the typed key in the dialog, as pi 1.6.0's does; /login with an API key to it asks its own auth.apiKey.login questions, auth.json keeps its entry, the request's key is resolved from it", async () => {
  const pair = await sideBySide({
    cols: 120,
    env: { BROWSER: "true" },
    prepare: async (world) => {
      await mkdir(join(world.agentDir, "extensions"), { recursive: true });
      await writeFile(join(world.agentDir, "extensions", "nat.ts"), `export { default } from ${JSON.stringify(NATIVE_AUTH_FIXTURE)};\n`);
      return [];
    },
  });
  pair.type("/login\r");
  // pi 1.6.0 puts a command sent while its start-up runs back into the editor: sent again until its dialog opens
  let sentAt = Date.now();
  await pair.pi.waitFor((screen) => {
    if (screen.includes("Select authentication method:")) return true;
    if (Date.now() - sentAt > 500 && pair.pi.screen().some((row) => row.trim() === "/login")) {
      sentAt = Date.now();
      pair.pi.type("\r");
    }
    return false;
  }, 20_000);
  await pair.waitFor((screen) => screen.includes("Select authentication method:"));
  pair.type("\x1b[B\r");
  await pair.waitFor((screen) => screen.includes("Select provider to configure:"));
  pair.type("nat key");
  await pair.waitFor((screen) => screen.includes("Nat Key"));
  pair.type("\r");
  await pair.waitFor((screen) => screen.includes("Your Nat key"));
  pair.type("sekrit");
  await pair.waitFor((screen, run) => run.screen().some((row) => row.trim() === "> sekrit"));
  pair.type("\r");
  await pair.waitFor((screen) => screen.includes("America"));
  // pi replaces its dialog with the next question; pith keeps the answer above it, as typed
  expect(pair.pith.screen().map((row) => row.trim())).toContain("> sekrit");

  // pith goes on alone: its own auth.apiKey.login questions answered, auth.json keeps the entry, and the request's
  // key is resolved from it
  const { pith } = pair;
  pith.type("\x1b[B\r");
  await pith.waitForText("Saved API key for Nat Key");
  const stored = JSON.parse(await readFile(join(pair.worlds.pith.agentDir, "auth.json"), "utf8")) as Record<string, unknown>;
  expect(stored["nat-key"]).toEqual({ type: "api_key", key: "sekrit", env: { NAT_REGION: "us" } });
  pith.type("/model nat-key/nat-one\r");
  await pith.waitForText("Model: nat-one");
  pith.type("hi\r");
  await pith.waitForText("nat answer with key sekrit@us");
}, 60_000);
