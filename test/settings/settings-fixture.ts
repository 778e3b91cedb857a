// Temporary global and project settings folders.
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { SettingsManager, type SettingsManagerOptions } from "../../plugins/settings/index.js";

export interface SettingsFolders {
  root: string;
  agentDir: string;
  cwd: string;
  globalFile: string;
  projectFile: string;
  writeGlobal(content: unknown): Promise<void>;
  writeProject(content: unknown): Promise<void>;
  readJson(path: string): Promise<unknown>;
  load(options?: Partial<SettingsManagerOptions>): Promise<SettingsManager>;
  cleanup(): Promise<void>;
}

export async function createSettingsFolders(): Promise<SettingsFolders> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "pith-settings-")));
  const agentDir = join(root, "agent");
  const cwd = join(root, "project");
  await mkdir(agentDir, { recursive: true });
  await mkdir(cwd, { recursive: true });
  const globalFile = join(agentDir, "settings.json");
  const projectFile = join(cwd, ".pi", "settings.json");
  const write = async (path: string, content: unknown) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  };
  return {
    root,
    agentDir,
    cwd,
    globalFile,
    projectFile,
    writeGlobal: (content) => write(globalFile, content),
    writeProject: (content) => write(projectFile, content),
    readJson: async (path) => JSON.parse(await readFile(path, "utf8")) as unknown,
    load: (options = {}) => SettingsManager.load({ agentDir, cwd, env: {}, ...options }),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
