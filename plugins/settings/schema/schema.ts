// Every key of pi's settings.json (pi 1.6.0), with pi's defaults (pith's own where docs/settings.md says so). Objects are loose: keys pith does not know
// (newer pi versions, extensions' own keys) are kept as they are, never reported.
// Written with zod/mini, not full zod: this module loads at every start, and full zod costs far more to load.
// Each key's schema is built when first needed: a start checks only the keys its files set (building every
// key's schema cost more than the rest of reading the settings), and a run without settings files needs only the
// defaults (defaults.ts). The whole schema (settingsSchema) is for the JSON Schema and the tests.
import * as z from "zod/mini";
import { displaySettingFields } from "./display-schema.js";

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

const nonNegativeInt = () => z.number().check(z.int(), z.minimum(0));
const stringList = () => z.array(z.string());
const queueMode = () => z.enum(["all", "one-at-a-time"]);
const thinkingLevel = () => z.enum(["off", "minimal", "low", "medium", "high", "xhigh", "max"]);
const timeout = () => z.union([nonNegativeInt(), z.literal("disabled")]);
const packageSource = () => buildPackageSource(stringList());

/** each top-level key's schema, made when first asked for */
const SETTING_FIELDS = {
  defaultProvider: () => z.optional(z.string()).check(described("Provider used when no --provider is given")),
  defaultModel: () => z.optional(z.string()).check(described("Model id used when no --model is given")),
  defaultThinkingLevel: () => z.optional(thinkingLevel()).check(described("Thinking level for new sessions (unset: medium)")),
  modelThinkingLevels: () => z
    .optional(z.record(z.string(), thinkingLevel()))
    .check(described('Thinking level a model starts with, keyed by "provider/modelId"')),
  showCacheMissNotices: () => z._default(z.boolean(), false).check(described("Notices about cache misses and cache warming")),
  cacheWarming: () => z
    ._default(z.enum(["off", "streaming", "idle"]), "idle")
    .check(described("Keep provider prompt caches warm (agent-folder settings only)")),
  thinkingBudgets: () => z
    .optional(
      z.looseObject({
        minimal: z.optional(nonNegativeInt()),
        low: z.optional(nonNegativeInt()),
        medium: z.optional(nonNegativeInt()),
        high: z.optional(nonNegativeInt()),
      }),
    )
    .check(described("Token budgets per thinking level, for token-budget providers")),
  collapseChangelog: () => z._default(z.boolean(), false).check(described("Show a condensed changelog after updates")),
  lastChangelogVersion: () => z.optional(z.string()).check(described("Last version whose changelog was shown")),
  deviceId: () => z.optional(z.string()).check(described("This installation's UUID, made when a sign-in first needs it (Sign in with ChatGPT); global only")),
  enableInstallTelemetry: () => z
    ._default(z.boolean(), true)
    .check(described("Send an anonymous install/update version ping (interactive mode)")),
  doubleEscapeAction: () => z
    ._default(z.enum(["tree", "fork", "none"]), "tree")
    .check(described("What pressing Escape twice on an empty editor does")),
  treeFilterMode: () => z
    ._default(z.enum(["default", "no-tools", "user-only", "labeled-only", "all"]), "default")
    .check(described("Initial filter of /tree")),
  compaction: () => z.prefault(
    z.looseObject({
      enabled: z._default(z.boolean(), true).check(described("Compact automatically")),
      reserveTokens: z._default(nonNegativeInt(), 16384).check(described("Tokens kept free for the reply")),
      keepRecentTokens: z._default(nonNegativeInt(), 20000).check(described("Recent tokens never summarized")),
      modelOverrides: z
        .optional(
          z.record(
            z.string(),
            z.looseObject({ reserveTokens: z.optional(nonNegativeInt()), keepRecentTokens: z.optional(nonNegativeInt()) }),
          ),
        )
        .check(described('Per-model reserveTokens / keepRecentTokens, keyed by "provider/modelId"')),
    }),
    {},
  ),
  branchSummary: () => z.prefault(
    z.looseObject({
      reserveTokens: z._default(nonNegativeInt(), 16384).check(described("Tokens kept free for a branch summary")),
      skipPrompt: z._default(z.boolean(), false).check(described("Never ask whether to summarize on /tree")),
    }),
    {},
  ),
  retry: () => z.prefault(
    z.looseObject({
      enabled: z._default(z.boolean(), true).check(described("Retry transient provider errors")),
      maxRetries: z._default(nonNegativeInt(), 3).check(described("Agent-level retry attempts")),
      baseDelayMs: z._default(nonNegativeInt(), 2000).check(described("First backoff delay; doubles per attempt")),
      maxAgentDelayMs: z._default(nonNegativeInt(), 60000).check(described("Longest agent-level retry delay")),
      provider: z.prefault(
        z.looseObject({
          timeoutMs: z
            .optional(z.number().check(z.positive()))
            .check(described("Request timeout of the provider SDK")),
          maxRetries: z._default(nonNegativeInt(), 0).check(described("Retries done by the provider SDK")),
          maxRetryDelayMs: z
            ._default(nonNegativeInt(), 60000)
            .check(described("Longest server-requested delay accepted (0: no cap)")),
        }),
        {},
      ),
    }),
    {},
  ),
  steeringMode: () => z._default(queueMode(), "one-at-a-time").check(described("How queued steering messages are sent")),
  followUpMode: () => z._default(queueMode(), "one-at-a-time").check(described("How queued follow-up messages are sent")),
  transport: () => z
    ._default(z.enum(["sse", "websocket", "websocket-cached", "auto"]), "auto")
    .check(described("Transport for providers that offer more than one")),
  httpProxy: () => z.optional(z.string()).check(described("Proxy URL for pith's HTTP clients (agent-folder settings only)")),
  httpIdleTimeoutMs: () => z
    .optional(timeout())
    .check(described('Give up on an HTTP response silent this long (ms); unset, 0 or "disabled": never')),
  websocketConnectTimeoutMs: () => z
    .optional(timeout())
    .check(described('WebSocket connection timeout (ms); unset, 0 or "disabled": none')),
  externalEditor: () => z.optional(z.string()).check(described("Command of the external editor (unset: $VISUAL, $EDITOR)")),
  defaultProjectTrust: () => z
    ._default(z.enum(["ask", "always", "never"]), "ask")
    .check(described("What an undecided project gets: ask, always trust, never trust (agent-folder settings only)")),
  defaultTools: () => z
    .optional(stringList())
    .check(described("Tools at start-up (default read, bash, edit, write); +name adds, -name removes")),
  codemode: () => z.prefault(
    z.looseObject({
      mode: z._default(z.enum(["on", "only"]), "on").check(described("How the codemode tool presents tools")),
      inlineBudget: z._default(nonNegativeInt(), 3000).check(described("Tokens codemode's description may spend on tools")),
    }),
    {},
  ),
  sessionShareDestination: () => z
    ._default(z.enum(["auto", "gist", "radius"]), "auto")
    .check(described("Where /share sends a session")),
  selfUpdateCommand: () => z
    .optional(z.array(z.string()).check(z.minLength(1)))
    .check(described("argv `pith update` runs to update pith itself (agent-folder settings only)")),
  enableAnalytics: () => z._default(z.boolean(), false).check(described("Opt in to analytics (pith sends none)")),
  shellPath: () => z.optional(z.string()).check(described("Shell for the bash tool and ! commands")),
  shellCommandPrefix: () => z.optional(z.string()).check(described("Text run before every bash command")),
  npmCommand: () => z
    .optional(z.array(z.string()).check(z.minLength(1)))
    .check(described("argv used instead of npm")),
  enabledModels: () => z.optional(stringList()).check(described("Model patterns for cycling (like --models)")),
  sessionDir: () => z.optional(z.string()).check(described("Where session files are stored (~ expanded)")),
  warnings: () => z.prefault(
    z.looseObject({
      anthropicExtraUsage: z
        ._default(z.boolean(), true)
        .check(described("Warn when Anthropic subscription auth may use paid extra usage")),
    }),
    {},
  ),
  packages: () => z._default(z.array(packageSource()), []).check(described("npm/git packages to load resources from")),
  extensions: () => z._default(stringList(), []).check(described("Extension files or folders (globs, !exclude)")),
  skills: () => z._default(stringList(), []).check(described("Skill files or folders (globs, !exclude)")),
  prompts: () => z._default(stringList(), []).check(described("Prompt template files or folders (globs, !exclude)")),
  themes: () => z._default(stringList(), []).check(described("Theme files or folders (globs, !exclude)")),
  ...displaySettingFields(),
  enableSkillCommands: () => z._default(z.boolean(), true).check(described("Register skills as /skill:name commands")),
  trustedProjects: () => z
    ._default(stringList(), [])
    .check(described("Project folders pith once recorded as trusted (still read; decisions now go to trust.json)")),
};

type SettingsShape = { [Key in keyof typeof SETTING_FIELDS]: ReturnType<(typeof SETTING_FIELDS)[Key]> };

function buildSettingsSchema() {
  const shape = Object.fromEntries(Object.keys(SETTING_FIELDS).map((key) => [key, settingField(key)])) as SettingsShape;
  return z.looseObject(shape).check(z.meta({ title: "pith settings", description: "settings.json of pith (compatible with pi 1.6.0)" }));
}

const builtFields = new Map<string, z.core.$ZodType>();

/** The schema of one top-level key of settings.json, or undefined for a key pith does not know. */
export function settingField(key: string): z.core.$ZodType | undefined {
  if (!Object.hasOwn(SETTING_FIELDS, key)) return undefined;
  let field = builtFields.get(key);
  if (!field) builtFields.set(key, (field = SETTING_FIELDS[key as keyof typeof SETTING_FIELDS]()));
  return field;
}

/** The effective settings: every documented default filled in, unknown keys kept. */
export type Settings = z.output<ReturnType<typeof buildSettingsSchema>>;
/** What a settings.json file may contain. */
export type SettingsFile = z.input<ReturnType<typeof buildSettingsSchema>>;
export type SettingsScope = "global" | "project";
export type PackageSource = z.output<ReturnType<typeof buildPackageSource>>;
