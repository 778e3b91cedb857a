// The most-used pi packages of the npm registry that the registry-packages test installs, pinned, and the probe
// extension's function that lists, per package, what each registered: tools, and commands (extension commands, prompt
// templates, skills). The same probe runs in pi 1.6.0 (generate-fixture.mjs) and in pith (the test).

export const REGISTRY_PACKAGES = [
  "pi-subagents@0.67.0",
  "pi-web-access@0.28.0",
  "pi-prompt-template-model@0.12.2",
  "pi-mermaid@0.3.0",
  "pi-aliases@1.0.7",
];

/** The package an item came from: the folder after the last `node_modules/` of its source path. */
export function packageOf(path) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(String(path ?? ""));
  return match ? match[1] : undefined;
}

/** What the packages registered, per package name: sorted tool names and `source:name` commands. */
export function registrations(pi) {
  const result = {};
  const entry = (name) => (result[name] ??= { tools: [], commands: [] });
  for (const tool of pi.getAllTools()) {
    const name = packageOf(tool.sourceInfo?.path);
    if (name) entry(name).tools.push(tool.name);
  }
  for (const command of pi.getCommands()) {
    const name = packageOf(command.sourceInfo?.path);
    if (name) entry(name).commands.push(`${command.source}:${command.name}`);
  }
  for (const value of Object.values(result)) {
    value.tools.sort();
    value.commands.sort();
  }
  return result;
}
