import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { boot } from "../../kernel/index.js";
import type { Logger } from "../../kernel/plugin.js";
import { createScriptedProvider, scriptedProviderPlugin } from "../../sdk/testing/index.js";
import { ModelRegistry, modelsPlugin, resolveAgentDir } from "../../plugins/models/index.js";
import { agentDir } from "./fixtures.js";

const llamaCpp = {
  providers: {
    "llama-cpp": {
      baseUrl: "http://127.0.0.1:8080/v1",
      api: "openai-completions",
      apiKey: "$LLAMA_KEY",
      authHeader: true,
      headers: { "x-client": "pith" },
      models: [{ id: "qwen2.5-coder:7b" }],
    },
  },
};

function collectingLogger(warnings: string[]): Logger {
  const ignore = () => undefined;
  return { debug: ignore, info: ignore, warn: (message) => void warnings.push(message), error: ignore };
}

async function bootWith(dir: string, options: { env?: NodeJS.ProcessEnv; runtimeApiKeys?: Record<string, string> } = {}) {
  const scripted = createScriptedProvider({ api: "openai-completions", turns: [{ text: "hello back" }] });
  const warnings: string[] = [];
  const { session } = await boot({
    cwd: process.cwd(),
    log: collectingLogger(warnings),
    plugins: [
      modelsPlugin({ agentDir: dir, env: options.env ?? {}, runtimeApiKeys: options.runtimeApiKeys }),
      scriptedProviderPlugin(scripted),
    ],
  });
  const registry = session.registry.services.get("models");
  expect(registry).toBeInstanceOf(ModelRegistry);
  return { session, scripted, warnings, registry: registry as ModelRegistry };
}

describe("modelsPlugin in a booted session", () => {
  it("provides the registry of the agent dir as the models service", async () => {
    const dir = agentDir();
    const { registry } = await bootWith(dir);
    expect(registry.modelsJsonPath).toBe(join(dir, "models.json"));
    expect(registry.authJsonPath).toBe(join(dir, "auth.json"));
  });

  it("hands each request the key and headers resolved by resolve_auth", async () => {
    const { session, scripted, registry } = await bootWith(agentDir({ models: llamaCpp }), {
      env: { LLAMA_KEY: "secret" },
    });
    await session.setModel(registry.find("llama-cpp", "qwen2.5-coder:7b")!);
    await session.prompt("hello");
    expect(scripted.requests).toHaveLength(1);
    expect(scripted.requests[0]?.apiKey).toBe("secret");
    expect(scripted.requests[0]?.headers).toEqual({ "x-client": "pith", Authorization: "Bearer secret" });
  });

  it("uses the runtime key given to the plugin", async () => {
    const { registry, session } = await bootWith(agentDir(), { runtimeApiKeys: { openai: "flag-key" } });
    expect(registry.defaultModel()?.id).toBe("gpt-6.2-sol");
    expect(await session.hooks.resolve_auth.promise({ model: registry.find("openai", "gpt-5.4")!, signal: new AbortController().signal })).toEqual({ apiKey: "flag-key" });
  });

  it("refuses a request without a key, naming where keys go", async () => {
    const { session, registry } = await bootWith(agentDir());
    await expect(session.hooks.resolve_auth.promise({ model: registry.find("anthropic", "claude-opus-4-7")!, signal: new AbortController().signal })).rejects.toMatchObject({
      code: "NO_API_KEY",
      message: expect.stringContaining("ANTHROPIC_API_KEY"),
    });
  });

  it("logs models.json problems as warnings and still offers the built-in models", async () => {
    const { warnings, registry } = await bootWith(agentDir({ models: "{ nope" }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("models.json");
    expect(registry.find("openai", "gpt-5.4")).toBeDefined();
  });
});

describe("resolveAgentDir", () => {
  it("defaults to ~/.pi/agent", () => {
    expect(resolveAgentDir({}, "/home/u")).toBe(join("/home/u", ".pi", "agent"));
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "  " }, "/home/u")).toBe(join("/home/u", ".pi", "agent"));
    expect(resolveAgentDir({})).toBe(join(homedir(), ".pi", "agent"));
  });

  it("uses PI_CODING_AGENT_DIR with ~ expanded", () => {
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "/srv/agent" }, "/home/u")).toBe("/srv/agent");
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "~/agents/pith" }, "/home/u")).toBe(join("/home/u", "agents/pith"));
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "~" }, "/home/u")).toBe("/home/u");
  });
});
