// pi's `registerProvider(name, { oauth })`: an extension written as a pi user writes one (fixtures/corp-sso.ts)
// signs in against a loopback authorization server. `pith login` runs its login with working
// callbacks and stores the credentials in auth.json as pi does; the next request carries `getApiKey`'s key; an
// expired login is refreshed through the extension's `refreshToken` (with a signal) before the request, in pith
// and in pi 1.6.0 itself, which leave the same entry; `pith logout` names and removes it.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { installCorpSso, startTokenServer, type TokenServer } from "./fixtures/corp-sso.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";

describe("registerProvider with an oauth login", () => {
  let world: CliWorld;
  let sso: TokenServer;
  let env: NodeJS.ProcessEnv;
  const authPath = () => join(world.agentDir, "auth.json");
  const readAuth = async () => JSON.parse(await readFile(authPath(), "utf8")) as Record<string, Record<string, unknown>>;
  const lastAuthorization = () => world.mock.requests.at(-1)?.headers.authorization;

  beforeEach(async () => {
    world = await createCliWorld("openai-completions");
    sso = await startTokenServer();
    await installCorpSso(world.agentDir);
    env = { CORP_SSO_URL: sso.url, CORP_LLM_URL: `${world.mock.url}/v1` };
  });
  afterEach(async () => {
    await sso.close();
    await world.close();
  });

  it("pith login runs the extension's login, stores pi's entry, and the next request sends getApiKey's key", async () => {
    const login = await world.run(["login", "corp-ai"], { env, stdin: "code-123\n" });
    expect(login.stderr).toBe("");
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`${sso.url}/authorize?client_id=pi`);
    expect(login.stdout).toContain("Sign in with your corporate account.");
    expect(login.stdout).toContain("Paste the code");
    expect(login.stdout).toContain("Exchanging the code");
    expect(login.stdout).toContain("Logged in to Corp AI (SSO).");
    expect(sso.grants).toEqual([{ grant_type: "authorization_code", code: "code-123" }]);
    const entry = (await readAuth())["corp-ai"]!;
    expect(entry).toMatchObject({ type: "oauth", access: "access-1", refresh: "refresh-1", team: "blue" });
    expect(entry.expires).toBeGreaterThan(Date.now() + 3_000_000);

    world.mock.enqueue({ text: "hello from corp" });
    const run = await world.run(["-p", "hi", "--model", "corp-ai/corp-chat"], { env });
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("hello from corp");
    expect(lastAuthorization()).toBe("Bearer corp-access-1");

    const logout = await world.run(["logout", "corp-ai"], { env });
    expect(logout.stdout).toBe("Logged out of Corp AI (SSO).\n");
    expect((await readAuth())["corp-ai"]).toBeUndefined();
  }, 120_000);

  it("pith login without a provider lists the extension's sign-in", async () => {
    const login = await world.run(["login"], { env, stdin: "" });
    expect(login.stdout).toMatch(/\d+\. Corp AI \(SSO\) \(corp-ai\)/);
  }, 60_000);

  it("a failed login stores nothing and says why", async () => {
    const login = await world.run(["login", "corp-ai"], { env, stdin: "wrong-code\n" });
    expect(login.code).toBe(1);
    expect(login.stderr).toContain("login failed: token endpoint answered 400");
    expect(existsSync(authPath()) ? (await readAuth())["corp-ai"] : undefined).toBeUndefined();
  }, 60_000);

  it.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))(
    "an expired login is refreshed through refreshToken before the request, as pi 1.6.0 does",
    async () => {
      const expired = { "corp-ai": { type: "oauth", access: "stale", refresh: "refresh-0", expires: Date.now() - 1000, team: "blue" } };
      const facts = async (run: () => Promise<{ code: number | null; stderr: string; stdout: string }>) => {
        await writeFile(authPath(), JSON.stringify(expired));
        sso.grants.length = 0;
        world.mock.enqueue({ text: "refreshed fine" });
        const result = await run();
        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toContain("refreshed fine");
        const { expires, ...entry } = (await readAuth())["corp-ai"]!;
        expect(expires).toBeGreaterThan(Date.now() + 3_000_000);
        return { grants: [...sso.grants], entry, authorization: lastAuthorization() };
      };
      const args = ["-p", "hi", "--model", "corp-ai/corp-chat", "--no-session"];
      const pith = await facts(() => world.run(args, { env }));
      const pi = await facts(() => runPiCli({ project: world.project, env: { ...world.env, ...env } }, args));
      expect(pith).toEqual({
        grants: [{ grant_type: "refresh_token", refresh_token: "refresh-0" }],
        entry: { type: "oauth", access: "access-1", refresh: "refresh-1", team: "blue" },
        authorization: "Bearer corp-access-1",
      });
      expect(pi).toEqual({ ...pith, entry: { ...pith.entry, access: "access-2", refresh: "refresh-2" }, authorization: "Bearer corp-access-2" });
    },
    180_000,
  );
});
