// Two resources with one name: the first in precedence order wins, the other is reported.
import type { ResourceDiagnostic, ResourceType } from "./diagnostics.js";

export interface NamedResource {
  name: string;
  filePath: string;
}

export function keepFirstByName<T extends NamedResource>(
  resources: readonly T[],
  resourceType: ResourceType,
): { kept: T[]; diagnostics: ResourceDiagnostic[] } {
  const byName = new Map<string, T>();
  const diagnostics: ResourceDiagnostic[] = [];
  for (const resource of resources) {
    const winner = byName.get(resource.name);
    if (!winner) {
      byName.set(resource.name, resource);
      continue;
    }
    const label = resourceType === "skill" ? `skill "${resource.name}"` : `prompt template "/${resource.name}"`;
    diagnostics.push({
      type: "collision",
      message: `${label} from ${resource.filePath} is ignored: ${winner.filePath} already provides that name`,
      path: resource.filePath,
      collision: { resourceType, name: resource.name, winnerPath: winner.filePath, loserPath: resource.filePath },
    });
  }
  return { kept: [...byName.values()], diagnostics };
}
