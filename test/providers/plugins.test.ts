import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boot } from "../../kernel/boot.js";
import { isAssistantMessage } from "../../kernel/messages.js";
import { anthropicProviderPlugin } from "../../plugins/provider-anthropic/index.js";
import { openaiProviderPlugin } from "../../plugins/provider-openai/index.js";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { APIS } from "./support/apis.js";
import { testModel } from "./support/models.js";

let mock: MockLlm;
let cwd: string;
beforeAll(async () => {
  mock = await startMockLlm();
  cwd = await mkdtemp(join(tmpdir(), "pith-providers-"));
});
afterAll(async () => {
  await mock.close();
  await rm(cwd, { recursive: true, force: true });
});

describe("provider plugins", () => {
  it("register the three APIs under their plugin names", async () => {
    const { session } = await boot({ cwd, plugins: [anthropicProviderPlugin(), openaiProviderPlugin()], onProblem: (error) => { throw error; } });
    for (const { api } of APIS) expect(session.registry.providers.has(api)).toBe(true);
    expect(anthropicProviderPlugin().name).toBe("provider-anthropic");
    expect(openaiProviderPlugin().name).toBe("provider-openai");
  });

  it.each(APIS)("answer a session prompt end to end over $api", async ({ api }) => {
    const { session } = await boot({ cwd, plugins: [anthropicProviderPlugin(), openaiProviderPlugin()] });
    await session.setModel(testModel(api, mock.url));
    mock.enqueue({ text: `hello from ${api}` });
    await session.prompt("hi");
    const reply = session.messages.filter(isAssistantMessage).at(-1);
    expect(reply?.stopReason).toBe("stop");
    expect(reply?.content).toEqual([expect.objectContaining({ type: "text", text: `hello from ${api}` })]);
  });
});
