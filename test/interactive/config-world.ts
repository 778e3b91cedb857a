// A test world for `pith config`'s selector (and `pi config`): a local package with an extension, a skill, a prompt
// and a theme, named in the agent folder's settings.json relative to it; auto-discovered resources in the agent
// folder and in the project's .pi folder; and the program started in a pseudo-terminal on it.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { runInPty, type CliWorld, type PtyOptions, type PtyRun } from "./pty-harness.js";

export interface ConfigWorld {
  world: CliWorld;
  agentDir: string;
  /** the environment that points both programs at `agentDir` */
  env: NodeJS.ProcessEnv;
  globalSettings(): Promise<string>;
  /** .pi/settings.json's text, undefined while there is none */
  projectSettings(): Promise<string | undefined>;
}

async function put(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

const EXTENSION = "export default function () {}\n";
const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill\n---\nDo ${name}.\n`;
const prompt = (what: string) => `---\ndescription: ${what}\n---\n${what} this.\n`;

/**
 * The resources in `world`; `agentDir` (default the world's) is where the settings and the auto-discovered files go,
 * `settings` joins settings.json.
 */
export async function writeConfigWorld(world: CliWorld, options: { agentDir?: string; settings?: Record<string, unknown> } = {}): Promise<ConfigWorld> {
  const agentDir = options.agentDir ?? world.agentDir;
  const pkg = join(world.home, "pkg");
  await put(join(pkg, "package.json"), JSON.stringify({ name: "pkg", version: "1.0.0", pi: { extensions: ["./extensions"], skills: ["./skills"], prompts: ["./prompts"], themes: ["./themes"] } }));
  await put(join(pkg, "extensions/hello.ts"), EXTENSION);
  await put(join(pkg, "skills/alpha/SKILL.md"), skill("alpha"));
  await put(join(pkg, "prompts/review.md"), prompt("Review"));
  await put(join(pkg, "themes/pkgtheme.json"), JSON.stringify({ name: "pkgtheme", colors: {} }));
  await put(join(agentDir, "extensions/auto.ts"), EXTENSION);
  await put(join(agentDir, "skills/beta/SKILL.md"), skill("beta"));
  await put(join(agentDir, "prompts/fix.md"), prompt("Fix"));
  await put(join(world.project, ".pi/extensions/proj.ts"), EXTENSION);
  await put(join(world.project, ".pi/prompts/local.md"), prompt("Local"));
  // pi: no telemetry or first-run questions
  const settings = { enableInstallTelemetry: false, packages: [relative(agentDir, pkg)], ...options.settings };
  await put(join(agentDir, "settings.json"), `${JSON.stringify(settings, null, 2)}\n`);
  return {
    world,
    agentDir,
    env: { PI_CODING_AGENT_DIR: agentDir },
    globalSettings: () => readFile(join(agentDir, "settings.json"), "utf8"),
    projectSettings: () => readFile(join(world.project, ".pi/settings.json"), "utf8").catch(() => undefined),
  };
}

/** `pith <args>` in a pseudo-terminal on the world (no `--tui-mode`: `config` takes none) */
export function runConfigInPty(config: ConfigWorld, args: string[], options: PtyOptions = {}): PtyRun {
  return runInPty(config.world, args, { rows: 40, ...options, env: { ...config.env, ...options.env }, settingsDecideScreen: true });
}
