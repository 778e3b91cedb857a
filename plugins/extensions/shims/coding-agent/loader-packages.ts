// The settings' packages as pi's resource loader resolves them on each reload: installed when missing (unless
// offline), then their extension, skill, prompt and theme files; an untrusted project's packages are not read.
import type { SettingsManager } from "../../../settings/index.js";
import { createPackagesService } from "../../../packages/packages-service.js";
import type { LoadedPackages } from "../../../packages/startup.js";

/** pi's package progress event, as much of it as pith's one-line progress says */
export type PackageProgress = (event: { type: "progress"; action: "install"; source: string; message: string }) => void;

export function resolvePackages(cwd: string, agentDir: string, settings: SettingsManager, onProgress?: PackageProgress): Promise<LoadedPackages> {
  const progress = onProgress ? (line: string) => onProgress({ type: "progress", action: "install", source: line.replace(/^\w+ (.*?)\.\.\.$/, "$1"), message: line }) : undefined;
  return createPackagesService({ cwd, agentDir, settings, progress }).reload();
}
