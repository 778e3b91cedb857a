// The "extensions" service: what the loaded extensions offer the CLI and other plugins (flags for the second
// command-line pass, commands, shortcuts, discovered resources), and what start-up skipped.
import type { ParsedFlags } from "../registrations/flags.js";
import type { ExtensionPlace } from "../loading/discovery.js";
import type { RegisteredFlag } from "../registrations/registrations.js";
import type { ExtensionTerminalParts } from "./terminal-parts.js";
import type { ResourcesDiscoverResult, SlashCommandInfo, SourceInfo } from "../contract/types.js";

export interface LoadedExtension {
  path: string;
  /** as messages name it */
  display: string;
  place: ExtensionPlace;
  sourceInfo: SourceInfo;
}

export interface ExtensionsService {
  /** loaded extensions, in load order */
  readonly loaded: readonly LoadedExtension[];
  /** project extensions skipped because the project is not trusted */
  readonly untrusted: readonly string[];
  /** every extension flag (the winning definition per name), for `--help` and the second pass */
  flags(): RegisteredFlag[];
  /** parses extension flags from the options the CLI did not know and sets their values */
  applyFlags(argv: readonly string[]): ParsedFlags;
  /** the result of the plugin's own pass over `flagArgv`: `rest` holds the words that are not options */
  readonly parsedFlags: ParsedFlags | undefined;
  flagValue(name: string): boolean | string | undefined;
  shortcuts(): { shortcut: string; description?: string; extension: string }[];
  /** what a terminal UI binds and draws for the extensions: shortcuts, message and tool renderers */
  readonly terminal: ExtensionTerminalParts;
  /** pi's `get_commands`: extension commands (invocation names), then templates, then skills */
  commands(): SlashCommandInfo[];
  /** paths extensions returned from `resources_discover` */
  discoveredResources(): Required<ResourcesDiscoverResult>;
  /**
   * pi's reload and session moves: removes the loaded instances (their handlers, tools, commands, flags,
   * shortcuts and providers; a replaced built-in comes back) and runs every extension again as a new instance,
   * freshly imported. Active tools and flag values carry over; a tool only the new instances registered starts
   * active. The caller announces `session_start` afterwards (which brings `resources_discover`).
   */
  restart(): Promise<void>;
  /** an extension called `ctx.shutdown()` */
  readonly shutdownRequested: boolean;
  /** messages extensions sent in the background have been delivered, and their turns are done */
  deliveriesDone(): Promise<void>;
  /** per extension: import and factory time */
  readonly timings: readonly { path: string; importMs: number; factoryMs: number }[];
}

declare module "../../../kernel/index.js" {
  interface PithServices {
    extensions: ExtensionsService;
  }
}
