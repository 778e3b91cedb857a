// `pith -p hello` with one MCP server configured (the stdio fixture server of test/mcp), next to the same run
// without MCP: what a configured server costs the first prompt. `deferred`: its tools are found through
// tool_search, so the prompt need not wait for it; `direct`: its tools must be in the first request, so the
// prompt waits for the connection. BENCH_PITH_OTHER=<path to another bin/pith.cjs> adds that build's figures
// (e.g. a build from before a change), interleaved with this one's.
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, ms, repeat, runOnce } from "./measure.mjs";

export async function benchMcp({ pith, rssReporter, runs, root, jiti }) {
  const { startMockLlm } = await jiti.import(join(root, "test/support/mock-llm/index.ts"));
  const mock = await startMockLlm({ fallback: { text: "Hello!", usage: { input: 12, output: 6 } } });
  const home = await mkdtemp(join(tmpdir(), "pith-bench-mcp-"));
  const fixture = join(root, "test/mcp/fixtures/servers.mjs");
  try {
    const agentDirs = {};
    for (const exposure of ["none", "deferred", "direct"]) {
      const agentDir = join(home, exposure);
      await mkdir(agentDir, { recursive: true });
      const provider = { baseUrl: mock.url, api: "anthropic-messages", apiKey: "bench-key", models: [{ id: "mock-model", contextWindow: 200000, maxTokens: 8192 }] };
      await writeFile(join(agentDir, "models.json"), JSON.stringify({ providers: { mock: provider } }));
      if (exposure !== "none") {
        await writeFile(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [fixture, "stdio"], exposure } } }));
      }
      agentDirs[exposure] = agentDir;
    }
    const builds = { this: pith, ...(process.env.BENCH_PITH_OTHER ? { other: process.env.BENCH_PITH_OTHER } : {}) };
    const results = {};
    await repeat(runs, async () => {
      for (const [build, bin] of Object.entries(builds)) {
        for (const [exposure, agentDir] of Object.entries(agentDirs)) {
          // a cache folder per build: a build removes the code caches of other builds from its folder
          const env = { ...process.env, HOME: home, PI_CODING_AGENT_DIR: agentDir, PITH_CACHE_DIR: join(home, `cache-${build}`) };
          const result = await runOnce(process.execPath, ["--require", rssReporter, bin, "-p", "--no-session", "--model", "mock/mock-model", "hello"], { env, cwd: home });
          if (result.code !== 0 || result.stderr) throw new Error(`${build} ${exposure}: ${result.stderr}`);
          const measured = (results[`${build} ${exposure}`] ??= { wall: [], cpu: [] });
          measured.wall.push(result.ms);
          measured.cpu.push(result.cpuMs);
        }
      }
    });
    // CPU time (pith's own process, user + system) moves far less than wall time on a busy machine
    console.log("pith -p hello with one stdio MCP server (median of %d interleaved rounds; pith's CPU time, then wall time)", runs);
    for (const [name, { wall, cpu }] of Object.entries(results)) {
      console.log(`  ${name.padEnd(16)} cpu ${ms(median(cpu))} (fastest ${ms(Math.min(...cpu))})   wall ${ms(median(wall))} (fastest ${ms(Math.min(...wall))})`);
    }
  } finally {
    await mock.close();
    await rm(home, { recursive: true, force: true });
  }
}
