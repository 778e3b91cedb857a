// What went wrong while the run's resources loaded, gathered for the start-up listing's warning sections as pi
// 1.6.0 has them: skill problems, prompt template name clashes, extension problems (files that failed to load,
// commands named like a built-in command, shortcuts on reserved keys) and theme clashes. They are shown even with
// `quietStartup`, where the rest of the listing is not.
import type { PithError, PluginContext } from "../../../kernel/index.js";
import { describeDiagnostic, type ResourceDiagnostic } from "../../../lib/resources/diagnostics/diagnostics.js";
import type { DiagnosticSection } from "../components/diagnostic-sections.js";
import { BUILTIN_COMMANDS } from "../commands/table.js";

export interface StartupProblems {
  /** problems the kernel reported for extensions while the session was made */
  extensions: readonly PithError[];
  /** shortcut conflicts of the extensions (the shortcut table's warnings) */
  shortcuts: readonly string[];
  /** theme files that clash or cannot be read */
  themes: readonly string[];
}

export function startupDiagnostics(context: PluginContext, problems: StartupProblems): DiagnosticSection[] {
  const builtins = new Set(BUILTIN_COMMANDS.map((command) => command.name));
  const commandClashes: ResourceDiagnostic[] = (context.tryUse("extensions")?.commands() ?? [])
    .filter((command) => command.source === "extension" && builtins.has(command.name))
    .map((command) => ({
      type: "warning",
      message: `Extension command '/${command.name}' conflicts with built-in interactive command. Skipping in autocomplete.`,
      path: command.sourceInfo.path,
    }));
  const warning = (message: string): ResourceDiagnostic => ({ type: "warning", message });
  return [
    { heading: "Skill warnings", diagnostics: context.tryUse("skills")?.diagnostics ?? [] },
    { heading: "Prompt conflicts", diagnostics: context.tryUse("promptTemplates")?.diagnostics ?? [] },
    {
      heading: "Extension issues",
      diagnostics: [
        ...problems.extensions.map((error): ResourceDiagnostic => ({ type: error.code === "REGISTRATION_CONFLICT" ? "warning" : "error", message: error.message })),
        ...commandClashes,
        ...problems.shortcuts.map(warning),
      ],
    },
    { heading: "Theme conflicts", diagnostics: problems.themes.map(warning) },
  ];
}

/** the log lines the resource plugins wrote for the diagnostics the sections show (not to be shown twice) */
export function listedLogLines(sections: readonly DiagnosticSection[]): Set<string> {
  return new Set(sections.flatMap((section) => section.diagnostics.map(describeDiagnostic)));
}
