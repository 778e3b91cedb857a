// pi 1.6.0's `project_trust` for extensions, on the project-trust plugin's hook: a handler gets `{type, cwd}` and
// the limited trust context pi gives it (cwd, mode, hasUI and the select/confirm/input/notify dialogs), and
// answers `{trusted: "yes" | "no" | "undecided", remember?}`. Only the user's own and command-line extensions
// take part: a project's extensions and packages are what the decision is about, so theirs are never asked.
import type { ProjectTrustDecision } from "../../trust/trust-hook.js";
import type { ProjectTrustContext, ProjectTrustEvent, ProjectTrustEventResult } from "../contract/event-types.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import type { ExtensionRuntime } from "../runtime.js";

type TrustHandler = (event: ProjectTrustEvent, ctx: ProjectTrustContext) => ProjectTrustEventResult | undefined | Promise<ProjectTrustEventResult | undefined>;

export function tapProjectTrust(runtime: ExtensionRuntime, record: ExtensionRecord, handler: TrustHandler): void {
  if (record.source.place === "project" || record.source.needsTrust === true) return;
  runtime.pluginContextFor(record).on("project_trust", async ({ cwd, mode, hasUI, ui }) => {
    if (record.generation !== runtime.generation) return undefined;
    return decision(await handler({ type: "project_trust", cwd }, { cwd, mode, hasUI, ui }));
  });
}

function decision(result: ProjectTrustEventResult | undefined): ProjectTrustDecision | undefined {
  if (result?.trusted !== "yes" && result?.trusted !== "no") return undefined;
  return { trusted: result.trusted === "yes", remember: result.remember === true };
}
