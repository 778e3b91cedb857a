// Every key of pi's settings.json (pi 0.73.1), with pi's defaults. Objects are loose: keys pith does not know
// (newer pi versions, extensions' own keys) are kept as they are, never reported.
// Written with zod/mini, not full zod: this module loads at every start, and full zod costs far more to load.
// Built on first use: constructing these zod schemas costs a run ~4 ms, and a run without settings files needs
// only the defaults (defaults.ts).
import * as z from "zod/mini";

/** the description shown for a key in the JSON Schema (schemas/settings.schema.json) */
const described = (description: string) => z.meta({ description });

let built: ReturnType<typeof buildSettingsSchema> | undefined;

/** The schema of settings.json: checks a file key by key and fills in the defaults. */
export function settingsSchema(): ReturnType<typeof buildSettingsSchema> {
  return (built ??= buildSettingsSchema());
}

function buildPackageSource(stringList: z.ZodMiniArray<z.ZodMiniString>) {
  return z.union([
    z.string(),
    z.looseObject({
      source: z.string(),
      extensions: z.optional(stringList),
      skills: z.optional(stringList),
      prompts: z.optional(stringList),
      themes: z.optional(stringList),
    }),
  ]);
}

function buildSettingsSchema() {
  const nonNegativeInt = z.number().check(z.int(), z.minimum(0));
  const stringList = z.array(z.string());
  const queueMode = z.enum(["all", "one-at-a-time"]);
  const packageSource = buildPackageSource(stringList);
  return z
    .looseObject({
      defaultProvider: z.optional(z.string()).check(described("Provider used when no --provider is given")),
      defaultModel: z.optional(z.string()).check(described("Model id used when no --model is given")),
      defaultThinkingLevel: z
        .optional(z.enum(["off", "minimal", "low", "medium", "high", "xhigh"]))
        .check(described("Thinking level for new sessions (unset: medium)")),
      hideThinkingBlock: z._default(z.boolean(), false).check(described("Hide thinking blocks in the output")),
      thinkingBudgets: z
        .optional(
          z.looseObject({
            minimal: z.optional(nonNegativeInt),
            low: z.optional(nonNegativeInt),
            medium: z.optional(nonNegativeInt),
            high: z.optional(nonNegativeInt),
          }),
        )
        .check(described("Token budgets per thinking level, for token-budget providers")),
      theme: z._default(z.string(), "dark").check(described('Theme name ("dark", "light" or a custom theme)')),
      quietStartup: z._default(z.boolean(), false).check(described("Hide the start-up header")),
      collapseChangelog: z._default(z.boolean(), false).check(described("Show a condensed changelog after updates")),
      lastChangelogVersion: z.optional(z.string()).check(described("Last version whose changelog was shown")),
      enableInstallTelemetry: z
        ._default(z.boolean(), true)
        .check(described("Send an anonymous install/update version ping (interactive mode)")),
      doubleEscapeAction: z
        ._default(z.enum(["tree", "fork", "none"]), "tree")
        .check(described("What pressing Escape twice on an empty editor does")),
      treeFilterMode: z
        ._default(z.enum(["default", "no-tools", "user-only", "labeled-only", "all"]), "default")
        .check(described("Initial filter of /tree")),
      editorPaddingX: z
        ._default(z.number().check(z.int(), z.minimum(0), z.maximum(3)), 0)
        .check(described("Horizontal editor padding")),
      autocompleteMaxVisible: z
        ._default(z.number().check(z.int(), z.minimum(3), z.maximum(20)), 5)
        .check(described("Rows shown in the autocomplete list")),
      showHardwareCursor: z
        ._default(z.boolean(), false)
        .check(described("Show the terminal cursor (unset: env PI_HARDWARE_CURSOR=1 turns it on)")),
      compaction: z.prefault(
        z.looseObject({
          enabled: z._default(z.boolean(), true).check(described("Compact automatically")),
          reserveTokens: z._default(nonNegativeInt, 16384).check(described("Tokens kept free for the reply")),
          keepRecentTokens: z._default(nonNegativeInt, 20000).check(described("Recent tokens never summarized")),
        }),
        {},
      ),
      branchSummary: z.prefault(
        z.looseObject({
          reserveTokens: z._default(nonNegativeInt, 16384).check(described("Tokens kept free for a branch summary")),
          skipPrompt: z._default(z.boolean(), false).check(described("Never ask whether to summarize on /tree")),
        }),
        {},
      ),
      retry: z.prefault(
        z.looseObject({
          enabled: z._default(z.boolean(), true).check(described("Retry transient provider errors")),
          maxRetries: z._default(nonNegativeInt, 3).check(described("Agent-level retry attempts")),
          baseDelayMs: z._default(nonNegativeInt, 2000).check(described("First backoff delay; doubles per attempt")),
          provider: z.prefault(
            z.looseObject({
              timeoutMs: z
                .optional(z.number().check(z.positive()))
                .check(described("Request timeout of the provider SDK")),
              maxRetries: z.optional(nonNegativeInt).check(described("Retries done by the provider SDK")),
              maxRetryDelayMs: z
                ._default(nonNegativeInt, 60000)
                .check(described("Longest server-requested delay accepted (0: no cap)")),
            }),
            {},
          ),
        }),
        {},
      ),
      steeringMode: z._default(queueMode, "one-at-a-time").check(described("How queued steering messages are sent")),
      followUpMode: z._default(queueMode, "one-at-a-time").check(described("How queued follow-up messages are sent")),
      transport: z
        ._default(z.enum(["sse", "websocket", "websocket-cached", "auto"]), "auto")
        .check(described("Transport for providers that offer more than one")),
      terminal: z.prefault(
        z.looseObject({
          showImages: z._default(z.boolean(), true).check(described("Show images inline when the terminal can")),
          imageWidthCells: z
            ._default(z.number().check(z.minimum(1)), 60)
            .check(described("Inline image width in cells")),
          clearOnShrink: z
            ._default(z.boolean(), false)
            .check(described("Clear rows left empty when output shrinks (unset: env PI_CLEAR_ON_SHRINK=1)")),
          showTerminalProgress: z._default(z.boolean(), false).check(described("Report progress with OSC 9;4")),
        }),
        {},
      ),
      images: z.prefault(
        z.looseObject({
          autoResize: z._default(z.boolean(), true).check(described("Shrink images to 2000x2000 / 4.5 MB")),
          blockImages: z._default(z.boolean(), false).check(described("Never send images to the model")),
        }),
        {},
      ),
      shellPath: z.optional(z.string()).check(described("Shell for the bash tool and ! commands")),
      shellCommandPrefix: z.optional(z.string()).check(described("Text run before every bash command")),
      npmCommand: z
        .optional(z.array(z.string()).check(z.minLength(1)))
        .check(described("argv used instead of npm")),
      enabledModels: z.optional(stringList).check(described("Model patterns for cycling (like --models)")),
      sessionDir: z.optional(z.string()).check(described("Where session files are stored (~ expanded)")),
      markdown: z.prefault(
        z.looseObject({
          codeBlockIndent: z._default(z.string(), "  ").check(described("Indentation of code blocks")),
        }),
        {},
      ),
      warnings: z.prefault(
        z.looseObject({
          anthropicExtraUsage: z
            ._default(z.boolean(), true)
            .check(described("Warn when Anthropic subscription auth may use paid extra usage")),
        }),
        {},
      ),
      packages: z._default(z.array(packageSource), []).check(described("npm/git packages to load resources from")),
      extensions: z._default(stringList, []).check(described("Extension files or folders (globs, !exclude)")),
      skills: z._default(stringList, []).check(described("Skill files or folders (globs, !exclude)")),
      prompts: z._default(stringList, []).check(described("Prompt template files or folders (globs, !exclude)")),
      themes: z._default(stringList, []).check(described("Theme files or folders (globs, !exclude)")),
      enableSkillCommands: z._default(z.boolean(), true).check(described("Register skills as /skill:name commands")),
      trustedProjects: z
        ._default(stringList, [])
        .check(described("Project folders whose .pi/ extensions may run (pith only; `pith --trust` adds the current one)")),
    })
    .check(z.meta({ title: "pith settings", description: "settings.json of pith (compatible with pi 0.73.1)" }));
}

/** The effective settings: every documented default filled in, unknown keys kept. */
export type Settings = z.output<ReturnType<typeof buildSettingsSchema>>;
/** What a settings.json file may contain. */
export type SettingsFile = z.input<ReturnType<typeof buildSettingsSchema>>;
export type SettingsScope = "global" | "project";
export type PackageSource = z.output<ReturnType<typeof buildPackageSource>>;
