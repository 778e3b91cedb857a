// A user's package as a project changes it with pi 1.6.0's `autoload: false` entry: the files the entry's patterns
// name are switched as they say, the rest stay as the user's entry left them.
import { deltaDecisions } from "../../../lib/resources/finding/settings-patterns.js";
import { RESOURCE_TYPES, collectPackageResources, type PackageFilter, type PackageResources } from "./package-resources.js";

export async function withDelta(root: string, resources: PackageResources, delta: PackageFilter, signal?: AbortSignal): Promise<PackageResources> {
  const all = (await collectPackageResources(root, undefined, signal)).resources;
  const changed: PackageResources = { ...resources };
  for (const kind of RESOURCE_TYPES) {
    const patterns = delta[kind];
    if (!patterns?.length) continue;
    const decided = deltaDecisions(all[kind], patterns, root);
    changed[kind] = all[kind].filter((file) => decided.get(file) ?? resources[kind].includes(file));
  }
  return changed;
}
