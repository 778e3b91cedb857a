import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PithError } from "../../kernel/errors.js";
import { ModelRegistry } from "../../plugins/models/index.js";
import { agentDir } from "./fixtures.js";

const opusOf = (r: ModelRegistry) => r.find("anthropic", "claude-opus-4-7")!;

/** A shell command that counts its runs in a file and prints `<prefix>-<run number>`. */
function countingCommand(dir: string, prefix: string): string {
  const counter = join(dir, `${prefix}.count`);
  return `!echo run >> '${counter}'; echo ${prefix}-$(wc -l < '${counter}' | tr -d ' ')`;
}

async function rejection(promise: Promise<unknown>): Promise<PithError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PithError);
  return error as PithError;
}

describe("API key lookup order", () => {
  const everything = {
    auth: { anthropic: { type: "api_key", key: "from-auth-json" } },
    models: { providers: { anthropic: { apiKey: "from-models-json", baseUrl: "https://api.anthropic.com" } } },
  };
  const env = { ANTHROPIC_API_KEY: "from-env" };

  it("uses --api-key first", async () => {
    const r = new ModelRegistry({ agentDir: agentDir(everything), env, runtimeApiKeys: { anthropic: "from-flag" } });
    expect(await r.resolveApiKey("anthropic")).toBe("from-flag");
    r.removeRuntimeApiKey("anthropic");
    expect(await r.resolveApiKey("anthropic")).toBe("from-auth-json");
    r.setRuntimeApiKey("anthropic", "set-later");
    expect(await r.resolveApiKey("anthropic")).toBe("set-later");
  });

  it("then auth.json, then the environment, then models.json", async () => {
    expect(await new ModelRegistry({ agentDir: agentDir(everything), env }).resolveApiKey("anthropic")).toBe(
      "from-auth-json",
    );
    const noAuth = agentDir({ models: everything.models });
    expect(await new ModelRegistry({ agentDir: noAuth, env }).resolveApiKey("anthropic")).toBe("from-env");
    expect(await new ModelRegistry({ agentDir: noAuth, env: {} }).resolveApiKey("anthropic")).toBe("from-models-json");
    expect(await new ModelRegistry({ agentDir: agentDir(), env: {} }).resolveApiKey("anthropic")).toBeUndefined();
  });

  it("prefers ANTHROPIC_OAUTH_TOKEN over ANTHROPIC_API_KEY", async () => {
    const env2 = { ANTHROPIC_API_KEY: "api", ANTHROPIC_OAUTH_TOKEN: "oauth" };
    expect(await new ModelRegistry({ agentDir: agentDir(), env: env2 }).resolveApiKey("anthropic")).toBe("oauth");
  });

  it("ignores an empty variable", async () => {
    const env2 = { ANTHROPIC_OAUTH_TOKEN: "", ANTHROPIC_API_KEY: "api" };
    expect(await new ModelRegistry({ agentDir: agentDir(), env: env2 }).resolveApiKey("anthropic")).toBe("api");
  });

  it("knows the variables of providers without a catalogue", async () => {
    const r = new ModelRegistry({ agentDir: agentDir(), env: { GROQ_API_KEY: "g", DEEPSEEK_API_KEY: "d" } });
    expect(await r.resolveApiKey("groq")).toBe("g");
    expect(await r.resolveApiKey("deepseek")).toBe("d");
    expect(r.hasAuth("groq")).toBe(true);
    expect(r.hasAuth("openrouter")).toBe(false);
  });
});

describe("auth.json", () => {
  it("reads $NAME and ${NAME} as environment variables and any other text as it is (pi 1.x)", async () => {
    const dir = agentDir({
      auth: {
        anthropic: { type: "api_key", key: "$MY_KEY_VAR" },
        openai: { type: "api_key", key: "sk-literal" },
        groq: { type: "api_key", key: "MY_KEY_VAR" },
        xai: { type: "api_key", key: "pre-${MY_KEY_VAR}-$$-$!x" },
        mistral: { type: "api_key", key: "$NOT_SET" },
      },
    });
    const r = new ModelRegistry({ agentDir: dir, env: { MY_KEY_VAR: "from-var" } });
    expect(await r.resolveApiKey("anthropic")).toBe("from-var");
    expect(await r.resolveApiKey("openai")).toBe("sk-literal");
    expect(await r.resolveApiKey("groq")).toBe("MY_KEY_VAR");
    expect(await r.resolveApiKey("xai")).toBe("pre-from-var-$-!x");
    await expect(r.resolveApiKey("mistral")).rejects.toMatchObject({ code: "CONFIG_VALUE_FAILED", message: expect.stringContaining("NOT_SET, which is not set") });
  });

  it("warns about a models.json value written the way pi before 1.0 read variables, naming what to write", () => {
    const endpoint = { baseUrl: "http://127.0.0.1:8080/v1", api: "openai-completions" };
    const models = { providers: { proxy: { ...endpoint, apiKey: "PROXY_KEY", headers: { "x-team": "TEAM", "x-ok": "plain" }, models: [{ id: "m" }] } } };
    const r = new ModelRegistry({ agentDir: agentDir({ models }), env: { TEAM: "blue" } });
    expect(r.errors.map((error) => error.message)).toEqual([
      expect.stringContaining('provider "proxy": "apiKey": "PROXY_KEY" → "$PROXY_KEY", "headers.x-team": "TEAM" → "$TEAM"'),
    ]);
    expect(r.find("proxy", "m")).toBeDefined(); // the provider still loads
  });

  it("runs a !command once per process and keeps its answer", async () => {
    const dir = agentDir();
    const command = countingCommand(dir, "auth");
    const r = new ModelRegistry({ agentDir: agentDir({ auth: { openai: { type: "api_key", key: command } } }), env: {} });
    const [first, second] = await Promise.all([r.resolveApiKey("openai"), r.resolveApiKey("openai")]);
    expect(first).toBe("auth-1");
    expect(second).toBe("auth-1");
    r.reload();
    expect(await r.resolveApiKey("openai")).toBe("auth-1");
    expect(readFileSync(join(dir, "auth.count"), "utf8").trim().split("\n")).toHaveLength(1);
  });

  it("reports a failing !command clearly", async () => {
    const dir = agentDir({ auth: { openai: { type: "api_key", key: "!exit 3" } } });
    const r = new ModelRegistry({ agentDir: dir, env: {} });
    const error = await rejection(r.resolveApiKey("openai"));
    expect(error.code).toBe("CONFIG_VALUE_FAILED");
    expect(error.message).toContain(`The key for "openai" in ${join(dir, "auth.json")} could not be resolved`);
    expect(error.message).toContain('"exit 3"');
  });

  it("uses an unexpired OAuth access token", async () => {
    const dir = agentDir({
      auth: { anthropic: { type: "oauth", access: "sk-ant-oat-1", refresh: "r", expires: 2_000_000_000_000 } },
    });
    const r = new ModelRegistry({ agentDir: dir, env: { ANTHROPIC_API_KEY: "env" }, now: () => 1_000 });
    expect(await r.resolveApiKey("anthropic")).toBe("sk-ant-oat-1");
  });

  it("refuses an expired OAuth token pith has no sign-in for, with what to do", async () => {
    const dir = agentDir({ auth: { groq: { type: "oauth", access: "old", refresh: "r", expires: 1_000 } } });
    const r = new ModelRegistry({ agentDir: dir, env: { GROQ_API_KEY: "env" }, now: () => 2_000 });
    const model = r.all().find((candidate) => candidate.provider === "groq")!;
    expect(r.hasAuth("groq")).toBe(true);
    const error = await rejection(r.resolveAuth(model));
    expect(error.code).toBe("OAUTH_EXPIRED");
    expect(error.message).toContain(`The OAuth login for "groq" in ${join(dir, "auth.json")} expired on 1970-01-01`);
    expect(error.message).toContain("--api-key");
    r.setRuntimeApiKey("groq", "flag");
    expect((await r.resolveAuth(model)).apiKey).toBe("flag");
  });

  it("reports invalid entries and keeps the valid ones", async () => {
    const dir = agentDir({
      auth: {
        openai: { type: "api_key", key: "good" },
        anthropic: { type: "api_key" },
        groq: { type: "password", key: "x" },
        xai: { type: "oauth", access: "a" },
      },
    });
    const r = new ModelRegistry({ agentDir: dir, env: {} });
    const messages = r.errors.map((e) => e.message);
    expect(r.errors.every((e) => e.code === "AUTH_JSON_INVALID")).toBe(true);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain(`Invalid entry "anthropic" in ${join(dir, "auth.json")}`);
    expect(messages[0]).toContain("key: is required");
    expect(messages[1]).toContain('needs "type": "api_key"');
    expect(messages[2]).toContain("expires: is required");
    expect(await r.resolveApiKey("openai")).toBe("good");
    expect(r.hasAuth("anthropic")).toBe(false);
  });

  it("reports a broken file with its line, and falls back to the environment", async () => {
    const dir = agentDir({ auth: '{\n  "openai": {"type": "api_key" "key": "x"}\n}' });
    const r = new ModelRegistry({ agentDir: dir, env: { OPENAI_API_KEY: "env" } });
    expect(r.errors[0]?.code).toBe("AUTH_JSON_INVALID");
    expect(r.errors[0]?.message).toContain(`Cannot read ${join(dir, "auth.json")}`);
    expect(r.errors[0]?.message).toContain("line 2");
    expect(await r.resolveApiKey("openai")).toBe("env");
  });

  it("waits out pi writing the file in place under its lock instead of reporting the half-written file", async () => {
    const dir = agentDir({ auth: '{\n  "openai": {"type": "api_' });
    const file = join(dir, "auth.json");
    mkdirSync(`${file}.lock`);
    // another process (the registry reads synchronously) finishes the write and lets go of the lock, as pi does
    const finisher = spawn(process.execPath, [
      "-e",
      `setTimeout(() => { require("fs").writeFileSync(${JSON.stringify(file)}, '{"openai": {"type": "api_key", "key": "whole"}}'); require("fs").rmdirSync(${JSON.stringify(`${file}.lock`)}); }, 150); console.log("ready");`,
    ]);
    await new Promise((resolve) => finisher.stdout.once("data", resolve));
    const r = new ModelRegistry({ agentDir: dir, env: {} });
    expect(r.errors).toEqual([]);
    expect(await r.resolveApiKey("openai")).toBe("whole");
  });

  it("is never written", async () => {
    const dir = agentDir({ models: { providers: { anthropic: { baseUrl: "http://127.0.0.1:1" } } } });
    const r = new ModelRegistry({ agentDir: dir, env: { ANTHROPIC_API_KEY: "k" } });
    r.setRuntimeApiKey("openai", "flag");
    await r.resolveAuth(opusOf(r));
    r.reload();
    expect(existsSync(join(dir, "auth.json"))).toBe(false);
  });
});

describe("models.json keys and headers", () => {
  const endpoint = { baseUrl: "http://127.0.0.1:8080/v1", api: "openai-completions" };

  it("runs a models.json !command on every request", async () => {
    const dir = agentDir();
    const models = { providers: { local: { ...endpoint, apiKey: countingCommand(dir, "key"), models: [{ id: "m" }] } } };
    const r = new ModelRegistry({ agentDir: agentDir({ models }), env: {} });
    const local = r.find("local", "m")!;
    expect((await r.resolveAuth(local)).apiKey).toBe("key-1");
    expect((await r.resolveAuth(local)).apiKey).toBe("key-2");
  });

  it("fails a request whose models.json !command fails, naming the provider and file", async () => {
    const dir = agentDir({ models: { providers: { local: { ...endpoint, apiKey: "!false", models: [{ id: "m" }] } } } });
    const r = new ModelRegistry({ agentDir: dir, env: {} });
    expect(r.hasAuth("local")).toBe(true);
    const error = await rejection(r.resolveAuth(r.find("local", "m")!));
    expect(error.code).toBe("CONFIG_VALUE_FAILED");
    expect(error.message).toBe(
      `Failed to resolve the API key of provider "local" in ${join(dir, "models.json")} from shell command: false ` +
        "(it failed, printed nothing, or ran longer than 10 s)",
    );
  });

  it("gives up on a command that runs past the timeout", async () => {
    const models = { providers: { local: { ...endpoint, apiKey: "!sleep 5; echo late", models: [{ id: "m" }] } } };
    const r = new ModelRegistry({ agentDir: agentDir({ models }), env: {}, commandTimeoutMs: 200 });
    const error = await rejection(r.resolveAuth(r.find("local", "m")!));
    expect(error.code).toBe("CONFIG_VALUE_FAILED");
    expect(error.message).toContain("ran longer than 0.2 s");
  });

  it("stops a command when the request is aborted", async () => {
    const models = { providers: { local: { ...endpoint, apiKey: "!sleep 5; echo late", models: [{ id: "m" }] } } };
    const r = new ModelRegistry({ agentDir: agentDir({ models }), env: {} });
    const local = r.find("local", "m")!;
    const controller = new AbortController();
    const pending = r.resolveAuth(local, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await expect(r.resolveAuth(local, AbortSignal.abort())).rejects.toMatchObject({ name: "AbortError" });
  });

  it("resolves header values and adds Authorization with authHeader", async () => {
    const dir = agentDir();
    const models = {
      providers: {
        proxy: {
          ...endpoint,
          apiKey: "$PROXY_KEY",
          authHeader: true,
          headers: { "x-team": "${TEAM_VAR}", "x-literal": "plain", "x-shared": "provider" },
          models: [{ id: "m", headers: { "x-shared": "model", "x-run": countingCommand(dir, "hdr") } }],
        },
      },
    };
    const r = new ModelRegistry({ agentDir: agentDir({ models }), env: { PROXY_KEY: "pk", TEAM_VAR: "blue" } });
    expect(await r.resolveAuth(r.find("proxy", "m")!)).toEqual({
      apiKey: "pk",
      headers: { "x-team": "blue", "x-literal": "plain", "x-shared": "model", "x-run": "hdr-1", Authorization: "Bearer pk" },
    });
  });

  it("applies headers of a built-in provider override and of modelOverrides", async () => {
    const models = {
      providers: {
        openai: { headers: { "x-org": "org-1" }, modelOverrides: { "gpt-5.4": { headers: { "x-model": "yes" } } } },
      },
    };
    const r = new ModelRegistry({ agentDir: agentDir({ models }), env: { OPENAI_API_KEY: "sk" } });
    expect(await r.resolveAuth(r.find("openai", "gpt-5.4")!)).toEqual({
      apiKey: "sk",
      headers: { "x-org": "org-1", "x-model": "yes" },
    });
    expect(await r.resolveAuth(r.find("openai", "gpt-5.2")!)).toEqual({ apiKey: "sk", headers: { "x-org": "org-1" } });
  });

  it("names the header whose command failed", async () => {
    const models = { providers: { openai: { headers: { "x-token": "!exit 1" } } } };
    const r = new ModelRegistry({ agentDir: agentDir({ models }), env: { OPENAI_API_KEY: "sk" } });
    const error = await rejection(r.resolveAuth(r.find("openai", "gpt-5.4")!));
    expect(error.message).toContain('Failed to resolve header "x-token" of provider "openai"');
  });
});

describe("missing keys", () => {
  it("names the variables, --api-key and auth.json for a known provider", async () => {
    const dir = agentDir();
    const r = new ModelRegistry({ agentDir: dir, env: {} });
    const error = await rejection(r.resolveAuth(opusOf(r)));
    expect(error.code).toBe("NO_API_KEY");
    expect(error.message).toBe(
      'No API key for provider "anthropic". Set ANTHROPIC_OAUTH_TOKEN or ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN, a token sent as Bearer), ' +
        "sign in with `pith login anthropic`, pass --api-key, or add " +
        `{"anthropic": {"type": "api_key", "key": "..."}} to ${join(dir, "auth.json")}.`,
    );
    // a provider with neither a bearer variable nor a sign-in names only its key variable
    const groq = await rejection(r.resolveAuth(r.all().find((model) => model.provider === "groq")!));
    expect(groq.message).toMatch(/^No API key for provider "groq"\. Set GROQ_API_KEY, pass --api-key/);
    // Bedrock has no key variable of its own: the message names AWS's credential sources (it read "Set , pass")
    const bedrock = await rejection(r.resolveAuth(r.all().find((model) => model.provider === "amazon-bedrock")!));
    expect(bedrock.message).toMatch(/^No API key for provider "amazon-bedrock"\. Set AWS credentials \(AWS_PROFILE, or AWS_ACCESS_KEY_ID with AWS_SECRET_ACCESS_KEY, or AWS_BEARER_TOKEN_BEDROCK, /);
  });

  it("points at models.json for a provider pith has no variable for", async () => {
    const dir = agentDir();
    const r = new ModelRegistry({ agentDir: dir, env: {} });
    r.registerProvider("ext", { baseUrl: "http://127.0.0.1:1/v1", api: "openai-completions", models: [{ id: "m" }] });
    expect(r.hasAuth("ext")).toBe(false);
    const error = await rejection(r.resolveAuth(r.find("ext", "m")!));
    expect(error.code).toBe("NO_API_KEY");
    expect(error.message).toContain(`Set "apiKey" for provider "ext" in ${join(dir, "models.json")}`);
    expect(error.message).toContain("--api-key");
  });
});

describe("availability and default model", () => {
  it("lists only models whose provider has a key source", () => {
    const r = new ModelRegistry({ agentDir: agentDir(), env: { OPENAI_API_KEY: "k" } });
    const providers = new Set(r.availableModels().map((m) => m.provider));
    expect(providers).toEqual(new Set(["openai"]));
    expect(r.formatAvailableModels()).toContain("gpt-5.4");
    expect(r.formatAvailableModels()).not.toContain("claude");
  });

  it("picks the per-provider default in pi's order", () => {
    const both = new ModelRegistry({ agentDir: agentDir(), env: { OPENAI_API_KEY: "k", ANTHROPIC_API_KEY: "k" } });
    expect(both.defaultModel()?.id).toBe("claude-opus-5-5");
    const openai = new ModelRegistry({ agentDir: agentDir(), env: { OPENAI_API_KEY: "k" } });
    expect(openai.defaultModel()?.id).toBe("gpt-6.2-sol");
  });

  it("falls back to the first available model, and to none", () => {
    const models = {
      providers: {
        local: { baseUrl: "http://127.0.0.1:8080/v1", api: "openai-completions", apiKey: "none", models: [{ id: "a" }, { id: "b" }] },
      },
    };
    expect(new ModelRegistry({ agentDir: agentDir({ models }), env: {} }).defaultModel()?.id).toBe("a");
    expect(new ModelRegistry({ agentDir: agentDir(), env: {} }).defaultModel()).toBeUndefined();
  });

  it("counts Vertex's project and location with a metadata server (GCE_METADATA_HOST, Cloud Run) as credentials, as pi counts a credentials file", () => {
    const vertexModels = (env: NodeJS.ProcessEnv) =>
      new ModelRegistry({ agentDir: agentDir(), env: { HOME: "/nonexistent", ...env } }).availableModels().filter((model) => model.provider === "google-vertex").length;
    const project = { GOOGLE_CLOUD_PROJECT: "p", GOOGLE_CLOUD_LOCATION: "us-central1" };
    expect(vertexModels(project)).toBe(0);
    expect(vertexModels({ ...project, GCE_METADATA_HOST: "127.0.0.1:8080" })).toBeGreaterThan(0);
    expect(vertexModels({ ...project, K_SERVICE: "api" })).toBeGreaterThan(0);
    expect(vertexModels({ GCE_METADATA_HOST: "127.0.0.1:8080" })).toBe(0);
  });

  it("counts a runtime key as auth", () => {
    const r = new ModelRegistry({ agentDir: agentDir(), env: {}, runtimeApiKeys: { openai: "flag" } });
    expect(r.defaultModel()?.id).toBe("gpt-6.2-sol");
  });

  it("resolves --model over all models, with or without keys; a key decides between providers (pi 1.6)", () => {
    const none = new ModelRegistry({ agentDir: agentDir(), env: {} });
    expect(none.resolveCliModel({ model: "opus-4-6" }).model).toMatchObject({ provider: "amazon-bedrock", id: "us.anthropic.claude-opus-4-6-v1" });
    expect(none.resolveCliModel({ model: "gpt-5.4" }).error).toBe(
      'Model "gpt-5.4" is ambiguous across providers: azure/gpt-5.4, cloudflare-ai-gateway/gpt-5.4, openai/gpt-5.4, opencode/gpt-5.4. ' +
        "No matching provider has a key. Use --provider or provider/model.",
    );
    const anthropic = new ModelRegistry({ agentDir: agentDir(), env: { ANTHROPIC_API_KEY: "k", OPENAI_API_KEY: "k" } });
    expect(anthropic.resolveCliModel({ model: "opus-4-6" }).model).toMatchObject({ provider: "anthropic", id: "claude-opus-4-6" });
    expect(anthropic.resolveCliModel({ model: "gpt-5.4" }).model).toMatchObject({ provider: "openai", id: "gpt-5.4" });
  });
});

describe("extension providers", () => {
  const ext = {
    baseUrl: "http://127.0.0.1:9000/v1",
    api: "my-own-protocol",
    apiKey: "$EXT_KEY",
    models: [{ id: "ext-1", reasoning: true }],
  };

  it("replace the provider's models and survive reload", () => {
    const r = new ModelRegistry({ agentDir: agentDir(), env: {} });
    r.registerProvider("anthropic", { ...ext, api: "anthropic-messages" });
    expect(r.all().filter((m) => m.provider === "anthropic").map((m) => m.id)).toEqual(["ext-1"]);
    r.reload();
    expect(r.find("anthropic", "ext-1")).toBeDefined();
    r.unregisterProvider("anthropic");
    expect(r.find("anthropic", "claude-opus-4-7")).toBeDefined();
    expect(r.find("anthropic", "ext-1")).toBeUndefined();
  });

  it("may use their own api, and supply the key from the environment", async () => {
    const r = new ModelRegistry({ agentDir: agentDir(), env: { EXT_KEY: "secret" } });
    r.registerProvider("ext", ext);
    expect(await r.resolveAuth(r.find("ext", "ext-1")!)).toEqual({ apiKey: "secret" });
  });

  it("are validated", () => {
    const r = new ModelRegistry({ agentDir: agentDir(), env: {} });
    let error: unknown;
    try {
      r.registerProvider("ext", { ...ext, models: [{ id: "x", maxTokens: 0 }] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PithError);
    expect((error as PithError).code).toBe("PROVIDER_CONFIG_INVALID");
    expect((error as PithError).message).toContain('Invalid provider "ext" in registerProvider()');
    expect((error as PithError).message).toContain("models[0].maxTokens: must be a positive number");
    expect(r.all().some((m) => m.provider === "ext")).toBe(false);
  });
});

describe("a GitHub Copilot login", () => {
  const copilot = { type: "oauth", access: "tid=1;exp=9;proxy-ep=proxy.business.githubcopilot.com;", refresh: "gho_x", expires: Date.now() + 3_600_000 };

  it("sends requests to the address in its token", async () => {
    const r = new ModelRegistry({ agentDir: agentDir({ auth: { "github-copilot": copilot } }), env: {} });
    const auth = await r.resolveAuth(r.find("github-copilot", "gemini-4-argon")!);
    expect(auth).toMatchObject({ apiKey: copilot.access, baseUrl: "https://api.business.githubcopilot.com" });
  });

  it("lists only the models the plan offers when the login names them", () => {
    const r = new ModelRegistry({ agentDir: agentDir({ auth: { "github-copilot": { ...copilot, availableModelIds: ["gemini-4-argon", "claude-sonnet-5"] } } }), env: {} });
    expect(r.availableModels().filter((model) => model.provider === "github-copilot").map((model) => model.id).sort()).toEqual(["claude-sonnet-5", "gemini-4-argon"]);
  });

  it("keeps the address models.json sets for the provider (a gateway)", async () => {
    const dir = agentDir({ auth: { "github-copilot": copilot }, models: { providers: { "github-copilot": { baseUrl: "https://gateway.example/copilot" } } } });
    const r = new ModelRegistry({ agentDir: dir, env: {} });
    const auth = await r.resolveAuth(r.find("github-copilot", "gemini-4-argon")!);
    expect(auth.apiKey).toBe(copilot.access);
    expect(auth.baseUrl).toBeUndefined();
  });
});
