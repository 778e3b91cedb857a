// `pith -p hello` against the mock model on 127.0.0.1: wall time to exit and peak RSS, next to a bare node
// process that does one HTTP request to the same server.
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mb, median, ms, ratio, repeat, runOnce } from "./measure.mjs";

export async function benchHello({ pith, rssReporter, runs, root, jiti }) {
  const { startMockLlm } = await jiti.import(join(root, "test/support/mock-llm/index.ts"));
  const mock = await startMockLlm({ fallback: { text: "Hello! How can I help?", usage: { input: 12, output: 6 } } });
  const home = await mkdtemp(join(tmpdir(), "pith-bench-"));
  try {
    const agentDir = join(home, "agent");
    await mkdir(agentDir, { recursive: true });
    await writeFile(
      join(agentDir, "models.json"),
      JSON.stringify({
        providers: {
          mock: {
            baseUrl: mock.url,
            api: "anthropic-messages",
            apiKey: "bench-key",
            models: [{ id: "mock-model", contextWindow: 200000, maxTokens: 8192 }],
          },
        },
      }),
    );
    const env = { ...process.env, HOME: home, PI_CODING_AGENT_DIR: agentDir, PITH_CACHE_DIR: join(home, "cache") };
    const args = ["--import", rssReporter, pith, "-p", "--no-session", "--model", "mock/mock-model", "hello"];
    const hello = await repeat(runs, () => runOnce(process.execPath, args, { env, cwd: home }));
    const failed = hello.find((r) => r.code !== 0);
    if (failed) throw new Error(`pith -p failed: ${failed.stderr}`);
    const fetchScript = `await fetch(${JSON.stringify(mock.url + "/v1/messages")}, {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify({model: "mock-model", max_tokens: 10, stream: true, messages: [{role: "user", content: "hi"}]})}).then(r => r.text())`;
    const bare = await repeat(runs, () => runOnce(process.execPath, ["--import", rssReporter, "--input-type=module", "-e", fetchScript], { env }));
    const wall = median(hello.map((r) => r.ms));
    const rss = median(hello.map((r) => r.rss ?? 0));
    const bareWall = median(bare.map((r) => r.ms));
    const bareRss = median(bare.map((r) => r.rss ?? 0));
    console.log("print-mode hello against the mock model (median of %d runs)", runs);
    console.log(`  node + one fetch    ${ms(bareWall)}   peak RSS ${mb(bareRss)}`);
    console.log(`  pith -p hello       ${ms(wall)}   peak RSS ${mb(rss)}   ${ratio(wall, bareWall)} time, ${ratio(rss, bareRss)} memory   (targets: < 200 ms, < 80 MB)`);
  } finally {
    await mock.close();
    await rm(home, { recursive: true, force: true });
  }
}
