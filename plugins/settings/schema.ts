// Every key of pi's settings.json (pi 0.73.1), with pi's defaults. Objects are loose: keys pith does not know
// (newer pi versions, extensions' own keys) are kept as they are, never reported.
import { z } from "zod";

const nonNegativeInt = z.number().int().min(0);
const stringList = z.array(z.string());
const queueMode = z.enum(["all", "one-at-a-time"]);

const packageSource = z.union([
  z.string(),
  z.looseObject({
    source: z.string(),
    extensions: stringList.optional(),
    skills: stringList.optional(),
    prompts: stringList.optional(),
    themes: stringList.optional(),
  }),
]);

export const settingsSchema = z
  .looseObject({
    defaultProvider: z.string().optional().meta({ description: "Provider used when no --provider is given" }),
    defaultModel: z.string().optional().meta({ description: "Model id used when no --model is given" }),
    defaultThinkingLevel: z
      .enum(["off", "minimal", "low", "medium", "high", "xhigh"])
      .optional()
      .meta({ description: "Thinking level for new sessions (unset: medium)" }),
    hideThinkingBlock: z.boolean().default(false).meta({ description: "Hide thinking blocks in the output" }),
    thinkingBudgets: z
      .looseObject({
        minimal: nonNegativeInt.optional(),
        low: nonNegativeInt.optional(),
        medium: nonNegativeInt.optional(),
        high: nonNegativeInt.optional(),
      })
      .optional()
      .meta({ description: "Token budgets per thinking level, for token-budget providers" }),
    theme: z.string().default("dark").meta({ description: 'Theme name ("dark", "light" or a custom theme)' }),
    quietStartup: z.boolean().default(false).meta({ description: "Hide the start-up header" }),
    collapseChangelog: z.boolean().default(false).meta({ description: "Show a condensed changelog after updates" }),
    lastChangelogVersion: z.string().optional().meta({ description: "Last version whose changelog was shown" }),
    enableInstallTelemetry: z
      .boolean()
      .default(true)
      .meta({ description: "Send an anonymous install/update version ping (interactive mode)" }),
    doubleEscapeAction: z
      .enum(["tree", "fork", "none"])
      .default("tree")
      .meta({ description: "What pressing Escape twice on an empty editor does" }),
    treeFilterMode: z
      .enum(["default", "no-tools", "user-only", "labeled-only", "all"])
      .default("default")
      .meta({ description: "Initial filter of /tree" }),
    editorPaddingX: z.number().int().min(0).max(3).default(0).meta({ description: "Horizontal editor padding" }),
    autocompleteMaxVisible: z
      .number()
      .int()
      .min(3)
      .max(20)
      .default(5)
      .meta({ description: "Rows shown in the autocomplete list" }),
    showHardwareCursor: z
      .boolean()
      .default(false)
      .meta({ description: "Show the terminal cursor (unset: env PI_HARDWARE_CURSOR=1 turns it on)" }),
    compaction: z
      .looseObject({
        enabled: z.boolean().default(true).meta({ description: "Compact automatically" }),
        reserveTokens: nonNegativeInt.default(16384).meta({ description: "Tokens kept free for the reply" }),
        keepRecentTokens: nonNegativeInt.default(20000).meta({ description: "Recent tokens never summarized" }),
      })
      .prefault({}),
    branchSummary: z
      .looseObject({
        reserveTokens: nonNegativeInt.default(16384).meta({ description: "Tokens kept free for a branch summary" }),
        skipPrompt: z.boolean().default(false).meta({ description: "Never ask whether to summarize on /tree" }),
      })
      .prefault({}),
    retry: z
      .looseObject({
        enabled: z.boolean().default(true).meta({ description: "Retry transient provider errors" }),
        maxRetries: nonNegativeInt.default(3).meta({ description: "Agent-level retry attempts" }),
        baseDelayMs: nonNegativeInt.default(2000).meta({ description: "First backoff delay; doubles per attempt" }),
        provider: z
          .looseObject({
            timeoutMs: z.number().positive().optional().meta({ description: "Request timeout of the provider SDK" }),
            maxRetries: nonNegativeInt.optional().meta({ description: "Retries done by the provider SDK" }),
            maxRetryDelayMs: nonNegativeInt
              .default(60000)
              .meta({ description: "Longest server-requested delay accepted (0: no cap)" }),
          })
          .prefault({}),
      })
      .prefault({}),
    steeringMode: queueMode.default("one-at-a-time").meta({ description: "How queued steering messages are sent" }),
    followUpMode: queueMode.default("one-at-a-time").meta({ description: "How queued follow-up messages are sent" }),
    transport: z
      .enum(["sse", "websocket", "websocket-cached", "auto"])
      .default("auto")
      .meta({ description: "Transport for providers that offer more than one" }),
    terminal: z
      .looseObject({
        showImages: z.boolean().default(true).meta({ description: "Show images inline when the terminal can" }),
        imageWidthCells: z.number().min(1).default(60).meta({ description: "Inline image width in cells" }),
        clearOnShrink: z
          .boolean()
          .default(false)
          .meta({ description: "Clear rows left empty when output shrinks (unset: env PI_CLEAR_ON_SHRINK=1)" }),
        showTerminalProgress: z.boolean().default(false).meta({ description: "Report progress with OSC 9;4" }),
      })
      .prefault({}),
    images: z
      .looseObject({
        autoResize: z.boolean().default(true).meta({ description: "Shrink images to 2000x2000 / 4.5 MB" }),
        blockImages: z.boolean().default(false).meta({ description: "Never send images to the model" }),
      })
      .prefault({}),
    shellPath: z.string().optional().meta({ description: "Shell for the bash tool and ! commands" }),
    shellCommandPrefix: z.string().optional().meta({ description: "Text run before every bash command" }),
    npmCommand: z.array(z.string()).min(1).optional().meta({ description: "argv used instead of npm" }),
    enabledModels: stringList.optional().meta({ description: "Model patterns for cycling (like --models)" }),
    sessionDir: z.string().optional().meta({ description: "Where session files are stored (~ expanded)" }),
    markdown: z
      .looseObject({
        codeBlockIndent: z.string().default("  ").meta({ description: "Indentation of code blocks" }),
      })
      .prefault({}),
    warnings: z
      .looseObject({
        anthropicExtraUsage: z
          .boolean()
          .default(true)
          .meta({ description: "Warn when Anthropic subscription auth may use paid extra usage" }),
      })
      .prefault({}),
    packages: z.array(packageSource).default([]).meta({ description: "npm/git packages to load resources from" }),
    extensions: stringList.default([]).meta({ description: "Extension files or folders (globs, !exclude)" }),
    skills: stringList.default([]).meta({ description: "Skill files or folders (globs, !exclude)" }),
    prompts: stringList.default([]).meta({ description: "Prompt template files or folders (globs, !exclude)" }),
    themes: stringList.default([]).meta({ description: "Theme files or folders (globs, !exclude)" }),
    enableSkillCommands: z.boolean().default(true).meta({ description: "Register skills as /skill:name commands" }),
    trustedProjects: stringList
      .default([])
      .meta({ description: "Project folders whose .pi/ extensions may run (pith only; `pith --trust` adds the current one)" }),
  })
  .meta({ title: "pith settings", description: "settings.json of pith (compatible with pi 0.73.1)" });

/** The effective settings: every documented default filled in, unknown keys kept. */
export type Settings = z.output<typeof settingsSchema>;
/** What a settings.json file may contain. */
export type SettingsFile = z.input<typeof settingsSchema>;
export type SettingsScope = "global" | "project";
export type PackageSource = z.output<typeof packageSource>;
