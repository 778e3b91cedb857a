// `pith -p hello` against the mock model on 127.0.0.1: wall time to exit and peak RSS, next to a bare node
// process that does one HTTP request to the same server. Then the same run with a built-in provider's default
// model (Anthropic, OpenAI, Google), its catalogue entry pointed at the mock by models.json and its key from the
// environment, as a user's run goes: what start-up costs per provider plugin, in CPU time (user + system) and wall
// time. BENCH_PITH_OTHER=<path to another bin/pith.cjs> adds that build's figures, interleaved with this one's.
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mb, median, ms, ratio, repeat, runOnce } from "./measure.mjs";

/** each provider's default model in pi 1.6.0's catalogue (plugins/models/catalogue/index.json) */
const PROVIDER_MODELS = { anthropic: "anthropic/claude-opus-5-5", openai: "openai/gpt-6.2-sol", google: "google/gemini-4-argon" };
const PROVIDER_KEYS = { ANTHROPIC_API_KEY: "bench-key", OPENAI_API_KEY: "bench-key", GEMINI_API_KEY: "bench-key" };

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
          // the built-in providers' catalogue models, sent to the mock (the Google SDK adds the API version)
          anthropic: { baseUrl: mock.url },
          openai: { baseUrl: `${mock.url}/v1` },
          google: { baseUrl: `${mock.url}/v1beta` },
          mock: {
            baseUrl: mock.url,
            api: "anthropic-messages",
            apiKey: "bench-key",
            models: [{ id: "mock-model", contextWindow: 200000, maxTokens: 8192 }],
          },
        },
      }),
    );
    const env = { ...process.env, HOME: home, PI_CODING_AGENT_DIR: agentDir, PITH_CACHE_DIR: join(home, "cache"), ...PROVIDER_KEYS };
    const body = JSON.stringify({ model: "mock-model", max_tokens: 10, stream: true, messages: [{ role: "user", content: "hi" }] });
    const fetchScript = `await fetch(${JSON.stringify(mock.url + "/v1/messages")}, {method: "POST", headers: {"content-type": "application/json"}, body: ${JSON.stringify(body)}}).then(r => r.text())`;
    // undici's first fetch in a process costs far more than the request itself on Node 20; node:http is the floor
    const httpScript = `require("node:http").request(${JSON.stringify(mock.url + "/v1/messages")}, {method: "POST", headers: {"content-type": "application/json"}}, (r) => r.resume()).end(${JSON.stringify(body)})`;
    const commands = {
      hello: ["--require", rssReporter, pith, "-p", "--no-session", "--model", "mock/mock-model", "hello"],
      nodeOnly: ["--require", rssReporter, "-e", "0"],
      bare: ["--require", rssReporter, "--input-type=module", "-e", fetchScript],
      bareHttp: ["--require", rssReporter, "-e", httpScript],
    };
    // Node 20 parses NODE_EXTRA_CA_CERTS (and its own root certificates) at every start, before any script runs:
    // on a machine that sets it, every process above pays for it, so the pair below runs without it too.
    const extraCa = env.NODE_EXTRA_CA_CERTS;
    const withoutExtraCa = { ...env };
    delete withoutExtraCa.NODE_EXTRA_CA_CERTS;
    const runsWithoutExtraCa = extraCa ? { helloNoCa: commands.hello, nodeOnlyNoCa: commands.nodeOnly } : {};
    // Interleaved, one of each per round, so that every figure sees the same load on a shared machine.
    const results = { hello: [], nodeOnly: [], bare: [], bareHttp: [], helloNoCa: [], nodeOnlyNoCa: [] };
    const builds = { this: pith, ...(process.env.BENCH_PITH_OTHER ? { other: process.env.BENCH_PITH_OTHER } : {}) };
    const providerRuns = Object.fromEntries(
      Object.entries(builds).flatMap(([build, bin]) =>
        Object.entries(PROVIDER_MODELS).map(([provider, model]) => [`${build} ${provider}`, ["--require", rssReporter, bin, "-p", "--no-session", "--model", model, "hello"]]),
      ),
    );
    const byProvider = Object.fromEntries(Object.keys(providerRuns).map((name) => [name, []]));
    await repeat(runs, async () => {
      for (const [name, args] of Object.entries(commands)) results[name].push(await runOnce(process.execPath, args, { env, cwd: home }));
      for (const [name, args] of Object.entries(runsWithoutExtraCa)) results[name].push(await runOnce(process.execPath, args, { env: withoutExtraCa, cwd: home }));
      for (const [name, args] of Object.entries(providerRuns)) {
        // a cache folder per build: a build removes the code caches of other builds from its folder
        const cacheDir = join(home, name.startsWith("this ") ? "cache" : "cache-other");
        byProvider[name].push(await runOnce(process.execPath, args, { env: { ...env, PITH_CACHE_DIR: cacheDir }, cwd: home }));
      }
    });
    const { hello, nodeOnly, bare, bareHttp, helloNoCa, nodeOnlyNoCa } = results;
    const failed = [...hello, ...helloNoCa, ...Object.values(byProvider).flat()].find((r) => r.code !== 0);
    if (failed) throw new Error(`pith -p failed: ${failed.stderr}`);
    const figure = (results) => ({ wall: median(results.map((r) => r.ms)), rss: median(results.map((r) => r.rss ?? 0)) });
    const pithRun = figure(hello);
    const node = figure(nodeOnly);
    const viaFetch = figure(bare);
    const viaHttp = figure(bareHttp);
    console.log("print-mode hello against the mock model (median of %d interleaved rounds: pith and each baseline once per round)", runs);
    console.log(`  node -e 0                ${ms(node.wall)}   peak RSS ${mb(node.rss)}`);
    console.log(`  node + one node:http     ${ms(viaHttp.wall)}   peak RSS ${mb(viaHttp.rss)}`);
    console.log(`  node + one fetch         ${ms(viaFetch.wall)}   peak RSS ${mb(viaFetch.rss)}`);
    console.log(`  pith -p hello            ${ms(pithRun.wall)}   peak RSS ${mb(pithRun.rss)}   (targets: < 200 ms, < 80 MB)`);
    console.log(`    = ${ratio(pithRun.wall, node.wall)} of node -e 0, ${ratio(pithRun.wall, viaHttp.wall)} of node + node:http, ${ratio(pithRun.wall, viaFetch.wall)} of node + fetch; ${ratio(pithRun.rss, viaFetch.rss)} the memory of node + fetch`);
    console.log(`    fastest pith run ${ms(Math.min(...hello.map((r) => r.ms)))}, fastest node -e 0 ${ms(Math.min(...nodeOnly.map((r) => r.ms)))}`);
    if (extraCa) {
      const pithNoCa = figure(helloNoCa);
      const nodeNoCa = figure(nodeOnlyNoCa);
      console.log(`  NODE_EXTRA_CA_CERTS is set (${extraCa}): node loads it at every start. The same rounds without it:`);
      console.log(`  node -e 0                ${ms(nodeNoCa.wall)}   peak RSS ${mb(nodeNoCa.rss)}`);
      console.log(`  pith -p hello            ${ms(pithNoCa.wall)}   peak RSS ${mb(pithNoCa.rss)}   = ${ratio(pithNoCa.wall, nodeNoCa.wall)} of node -e 0`);
      console.log(`    its cost per process: node -e 0 +${ms(node.wall - nodeNoCa.wall)}, pith +${ms(pithRun.wall - pithNoCa.wall)}`);
    }
    // pith's own CPU time moves far less than wall time on a busy machine: compare providers by it
    const nodeCpu = median(nodeOnly.map((r) => r.cpuMs));
    console.log(`pith -p hello per provider: a built-in provider's default model, pointed at the mock (same rounds; CPU = user + system of pith's process; node -e 0 cpu ${ms(nodeCpu)})`);
    const mockCpu = median(hello.map((r) => r.cpuMs));
    console.log(`  ${"mock/mock-model (anthropic-messages)".padEnd(34)} cpu ${ms(mockCpu)} (node -e 0 +${ms(mockCpu - nodeCpu)})   wall ${ms(pithRun.wall)}   peak RSS ${mb(pithRun.rss)}`);
    for (const [name, measured] of Object.entries(byProvider)) {
      const [build, provider] = name.split(" ");
      const label = `${build === "this" ? "" : `${build}: `}${PROVIDER_MODELS[provider]}`;
      const cpu = median(measured.map((r) => r.cpuMs));
      console.log(`  ${label.padEnd(34)} cpu ${ms(cpu)} (node -e 0 +${ms(cpu - nodeCpu)})   wall ${ms(median(measured.map((r) => r.ms)))}   peak RSS ${mb(median(measured.map((r) => r.rss ?? 0)))}`);
    }
  } finally {
    await mock.close();
    await rm(home, { recursive: true, force: true });
  }
}
