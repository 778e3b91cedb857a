// pi 1.6's whole-`Provider` sign-ins (fixtures/native-auth-provider.ts): `pith login` runs the provider's
// `auth.oauth.login` and stores pi's auth.json entry; an expired login is refreshed through its `refresh` and each
// request's key and headers come from its `toAuth`, in pith as in pi 1.6.0 (which leave the same entry); `getProvider(...).auth`
// is the provider's own; its models are available only with a login.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/native-auth-provider.ts", import.meta.url));
const EXPIRED = { type: "oauth", access: "access-old", refresh: "refresh-1", expires: 1_000, team: "blue" };

describe("registerProvider(provider) with its own sign-ins", () => {
  const worlds: CliWorld[] = [];
  beforeEach(async () => worlds.push(await createCliWorld()));
  afterEach(async () => Promise.all(worlds.splice(0).map((world) => world.close())));
  const readAuth = async (world: CliWorld) => JSON.parse(await readFile(join(world.agentDir, "auth.json"), "utf8")) as Record<string, Record<string, unknown>>;

  it("pith login runs auth.oauth.login and stores pi's entry; the request's key comes from toAuth", { timeout: 120_000 }, async () => {
    const world = worlds[0]!;
    // `pith login` loads the agent folder's extensions
    await mkdir(join(world.agentDir, "extensions"), { recursive: true });
    await writeFile(join(world.agentDir, "extensions", "nat.ts"), `export { default } from ${JSON.stringify(FIXTURE)};\n`);
    const login = await world.run(["login", "nat-sso"], { stdin: "code-9\n" });
    expect(login.stderr).toBe("");
    expect(login.stdout).toContain("http://127.0.0.1:9/authorize");
    expect(login.stdout).toContain("Sign in, then paste the code.");
    expect(login.stdout).toContain("Exchanging the code");
    expect((await readAuth(world))["nat-sso"]).toMatchObject({ type: "oauth", access: "access-code-9", refresh: "refresh-1", team: "blue" });
    const run = await world.run(["--model", "nat-sso/nat-one", "--no-session", "-p", "hi"]);
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("nat answer with key key-access-code-9 for team blue");
  });

  describe.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("beside pi 1.6.0", () => {
    beforeEach(async () => worlds.push(await createCliWorld()));

    it("refreshes an expired login through auth.oauth.refresh, lists its models only with a login, and hands back its auth", { timeout: 240_000 }, async () => {
      const [pithWorld, piWorld] = worlds as [CliWorld, CliWorld];
      const walk = async (world: CliWorld, run: (args: string[]) => Promise<{ stdout: string }>) => {
        const env = { NAT_LOG: join(world.home, "nat.log") };
        Object.assign(world.env, env);
        const list = ["-ne", "-e", FIXTURE, "--list-models", "nat"];
        const before = (await run(list)).stdout;
        await writeFile(join(world.agentDir, "auth.json"), JSON.stringify({ "nat-sso": EXPIRED }));
        const listed = (await run(list)).stdout;
        const answered = (await run(["-ne", "-e", FIXTURE, "--model", "nat-sso/nat-one", "--no-session", "-p", "hi"])).stdout;
        await run(["-ne", "-e", FIXTURE, "--no-session", "-p", "/nat-auth"]);
        const { expires, ...entry } = (await readAuth(world))["nat-sso"]!;
        expect(expires).toBeGreaterThan(Date.now());
        return { before, listed, answered, entry, log: await readFile(env.NAT_LOG, "utf8") };
      };
      // the two walks side by side, each in its own world
      const [pith, pi] = await Promise.all([walk(pithWorld, (args) => pithWorld.run(args)), walk(piWorld, (args) => runPiCli(piWorld, args))]);
      expect(pi.before).toBe('No models matching "nat"\n');
      expect(pi.listed).toMatch(/nat-sso\s+nat-one/);
      expect(pi.answered.trim()).toBe("nat answer with key key-access-refreshed for team blue");
      expect(pi.entry).toEqual({ type: "oauth", access: "access-refreshed", refresh: "refresh-2", team: "blue" });
      expect(pi.log.trim().split("\n").map((line) => JSON.parse(line) as unknown)).toEqual([
        { refresh: { refresh: "refresh-1", signal: true } },
        { auth: { same: true, oauth: "Nat SSO login", login: "function", keyLogin: "function" } },
      ]);
      expect(pith).toEqual(pi);
    });
  });
});
