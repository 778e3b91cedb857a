// The one warning a run gives when it skips an untrusted project's resources without the user having decided:
// it names what was skipped, the project settings that would have run or loaded code first, and how to trust.
import type { ProjectTrustState } from "./resolve-trust.js";

/** Project settings that run a program or load code: ignored, like every project setting, until trusted. */
export const CODE_RUNNING_SETTINGS = ["shellPath", "shellCommandPrefix", "npmCommand", "externalEditor", "packages", "extensions", "skills", "themes"] as const;

/** undefined when there is nothing to say: trusted, nothing gated, or the user made this decision. */
export function untrustedWarning(state: ProjectTrustState, projectSettingKeys: readonly string[]): string | undefined {
  if (state.trusted || state.gated.length === 0 || state.source !== "no-prompt") return undefined;
  const code = CODE_RUNNING_SETTINGS.filter((key) => projectSettingKeys.includes(key));
  const items = state.gated.map((item) =>
    item === ".pi/settings.json" && code.length > 0 ? `${item} (with ${listed(code)}, which ${code.length === 1 ? "runs or loads" : "run or load"} code)` : item,
  );
  return (
    `project ${state.cwd} is not trusted, so pith ignores its ${listed(items)}. ` +
    "If you trust this folder's code, run with --approve (-a) for this run, or --trust to remember it (docs/security.md)."
  );
}

function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
