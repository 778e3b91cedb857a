// The world the benches run pith and pi in: a temporary home with an agent folder whose models.json points the mock
// model at a mock server, settings that keep both programs quiet (no update check, no telemetry, no first-run
// questions), a project folder, and the environment that names them. The session benches use a window large enough
// that nothing is compacted, with compaction off; the interactive bench a usual window and the terminal's variables.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const QUIET = { quietStartup: true, enableInstallTelemetry: false };

export async function benchWorld({ jiti, root, prefix, mockOptions = {}, contextWindow = 100_000_000, settings = { compaction: { enabled: false } }, env: extraEnv = {} }) {
  const { startMockLlm } = await jiti.import(join(root, "test/support/mock-llm/index.ts"));
  const home = await mkdtemp(join(tmpdir(), prefix));
  const mock = await startMockLlm({ fallback: { text: "ok" }, ...mockOptions });
  const agentDir = join(home, "agent");
  const project = join(home, "project");
  await mkdir(agentDir, { recursive: true });
  await mkdir(project, { recursive: true });
  const models = { providers: { mock: { baseUrl: mock.url, api: "anthropic-messages", apiKey: "k", models: [{ id: "mock-model", contextWindow, maxTokens: 8192 }] } } };
  await writeFile(join(agentDir, "models.json"), JSON.stringify(models));
  await writeFile(join(agentDir, "settings.json"), JSON.stringify({ ...QUIET, ...settings }));
  const env = { PATH: process.env.PATH, HOME: home, PI_CODING_AGENT_DIR: agentDir, PITH_CACHE_DIR: join(home, "cache"), PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0", ...extraEnv };
  const close = async () => {
    await mock.close();
    await rm(home, { recursive: true, force: true });
  };
  return { home, agentDir, project, env, mock, close };
}
