// pi-coding-agent 1.6.0's command-line helpers as pith serves them: `parseArgs` on many command lines (values,
// short forms, unknown flags, diagnostics), and `resolveCliModel` / `resolveModelScopeWithDiagnostics` over the
// built-in catalogue each side serves (`@earendil-works/pi-ai/providers/all`). Each script runs against pi's served
// modules (Node 22) and pith's (an extension file); the JSON of the two results must be equal.
import { describeServedScripts } from "./served-scripts.js";

const COMMAND_LINES = [
  [],
  ["-p", "hello", "@a.ts", "world"],
  ["--print", "---\nfront: matter", "-c"],
  ["-p", "-r", "@file.md"],
  ["--mode", "json", "--mode", "yaml", "--mode"],
  ["--mode", "--print"],
  ["--provider", "anthropic", "--model", "sonnet:high", "--api-key", "k", "--thinking", "max"],
  ["--thinking", "huge", "--thinking"],
  ["--tools", "read, bash ,,grep", "-t", "+ls,-bash", "-t", "read,+ls", "--tools", "+gr*"],
  ["-xt", "bash,edit", "--exclude-tools", " write "],
  ["-nt", "-nbt", "-ne", "-ns", "-np", "-nc", "-na", "--no-mcp", "--no-themes", "--no-session", "--offline", "--verbose"],
  ["-a", "--approve", "-h", "-v", "--help", "--version"],
  ["--append-system-prompt", "one", "--append-system-prompt", "two", "--system-prompt", "sys"],
  ["-e", "ext.ts", "--extension", "npm:pkg", "--skill", "s", "--prompt-template", "p", "--theme", "t.json", "--theme", "u.json"],
  ["--use-theme", "dark/light", "--use-theme", "--verbose", "--use-theme"],
  ["--list-models", "sonnet"],
  ["--list-models", "@file"],
  ["--list-models", "--verbose"],
  ["--list-models"],
  ["--tui-mode", "regular", "--tui-mode", "wide", "--tui-mode", "-p", "--tui-mode"],
  ["--name", "  My session ", "-n", "x", "--name"],
  ["--session", "abc", "--session-id", "my-id", "--fork", "f.jsonl", "--session-dir", "/tmp/s", "--export", "s.jsonl", "out.html"],
  ["--models", "sonnet, gpt-*:high,,", "--models"],
  ["--plan", "--mode-x=1", "--flag", "value", "--other", "@f", "--last"],
  ["--provider"],
  ["-e"],
  ["-x", "-Z", "message", "constructor", "__proto__"],
  ["a", "--", "--print", "@b", "-x"],
  ["--resume", "-r", "--continue"],
];

// Models shown without their catalogue details (costs, limits, headers), which are not the resolver's business.
const SHOW = `(value) => JSON.parse(JSON.stringify(value, (key, item) =>
  item && typeof item === "object" && typeof item.provider === "string" && typeof item.id === "string" && "api" in item
    ? { provider: item.provider, id: item.id, name: item.name, reasoning: item.reasoning } : item))`;

// a ModelRuntime over the served catalogue: the given providers have a key
const RUNTIME = `(providers, keyed) => {
  const models = providers.getBuiltinProviders().flatMap((provider) => providers.getBuiltinModels(provider));
  const usable = (provider) => keyed.includes(provider);
  return {
    getModels: () => models,
    hasConfiguredAuth: usable,
    getAvailable: async (provider, options) => models.filter((model) => usable(model.provider) && (provider === undefined || model.provider === provider)),
  };
}`;

const SCRIPTS: Array<[label: string, source: string]> = [
  ["parseArgs reads pi's command lines", `(agent) => ${JSON.stringify(COMMAND_LINES)}.map((argv) => {
    const args = agent.parseArgs(argv);
    return { ...args, unknownFlags: [...args.unknownFlags] };
  })`],
  ["resolveCliModel finds, refuses and invents models as pi does", `(agent, providers) => {
    const runtime = runtime_(providers, ["anthropic", "openai"]);
    const noKeys = runtime_(providers, []);
    const resolve = (options, over = runtime) => show(agent.resolveCliModel({ ...options, modelRuntime: over }));
    return [
      resolve({}),
      resolve({ cliModel: "claude-opus-4-7" }),
      resolve({ cliModel: "anthropic/claude-opus-4-7:high" }),
      resolve({ cliModel: "opus:low" }),
      resolve({ cliModel: "sonnet:bogus" }),
      resolve({ cliModel: "gpt-5.4" }),
      resolve({ cliModel: "gpt-5.4" }, noKeys),
      resolve({ cliModel: "gpt-5.4", inlineApiKey: true }),
      resolve({ cliModel: "gpt-5.4", cliProvider: "AZURE" }),
      resolve({ cliModel: "x", cliProvider: "nobody" }),
      resolve({ cliModel: "no-such-model-anywhere" }),
      resolve({ cliModel: "anthropic/claude-opus-9:high" }),
      resolve({ cliModel: "anthropic/claude-opus-9:high", cliThinking: "low" }),
      resolve({ cliModel: "claude-opus-9", cliProvider: "anthropic", cliThinking: "off" }),
      resolve({ cliModel: "openai/claude-opus-4-7" }),
      resolve({ cliModel: "anything" }, { getModels: () => [], hasConfiguredAuth: () => false }),
    ];
  }`],
  ["resolveModelScopeWithDiagnostics scopes --models patterns as pi does", `async (agent, providers) => {
    const runtime = runtime_(providers, ["anthropic", "openai", "azure", "openrouter"]);
    return show(await agent.resolveModelScopeWithDiagnostics(
      ["sonnet", "anthropic/*opus*:high", "gpt-5.4", "claude-haiku-4-5:bogus", "nothing-like-this", "zz*", "openai/gpt-5.4:low", "*gpt-5.4-mini", "sonnet"],
      runtime,
    ));
  }`],
];

describeServedScripts("pi-coding-agent's command-line helpers give pi 1.6.0's results", {
  modules: ["@earendil-works/pi-coding-agent", "@earendil-works/pi-ai/providers/all"],
  preamble: `const show = ${SHOW}; const runtime_ = ${RUNTIME};`,
  scripts: SCRIPTS,
});
