// The "extensions" service: what the loaded extensions offer the CLI and other plugins (flags for the second
// command-line pass, commands, shortcuts, the events pith fires itself), and what start-up skipped.
import type { ParsedFlags } from "./registrations/flags.js";
import type { ExtensionPlace } from "./loading/discovery.js";
import type { RegisteredFlag } from "./registrations/registrations.js";
import type {
  ResourcesDiscoverResult,
  SessionBeforeTreeResult,
  SessionTreeEvent,
  SlashCommandInfo,
  SourceInfo,
  UserBashEvent,
  UserBashEventResult,
} from "./types.js";

export interface LoadedExtension {
  path: string;
  /** as messages name it */
  display: string;
  place: ExtensionPlace;
  sourceInfo: SourceInfo;
}

/** What a tree move is about to do (`session_before_tree`'s `preparation`). */
export interface TreePreparation {
  targetId: string;
  oldLeafId: string | null;
  userWantsSummary: boolean;
  customInstructions?: string;
  replaceInstructions?: boolean;
  label?: string;
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
  /** pi's `get_commands`: extension commands (invocation names), then templates, then skills */
  commands(): SlashCommandInfo[];
  /** paths extensions returned from `resources_discover` */
  discoveredResources(): Required<ResourcesDiscoverResult>;
  /** `session_before_switch`: resolves true when an extension cancelled */
  beforeSwitch(reason: "new" | "resume", targetSessionFile?: string): Promise<boolean>;
  /** `session_before_fork`: resolves true when an extension cancelled */
  beforeFork(entryId: string, position: "before" | "at"): Promise<boolean>;
  /** `session_before_tree`: the first result that cancels, brings a summary or changes the instructions or label */
  beforeTree(preparation: TreePreparation, signal: AbortSignal): Promise<SessionBeforeTreeResult | undefined>;
  /** `session_tree`, once the leaf moved */
  treeMoved(event: Omit<SessionTreeEvent, "type">): Promise<void>;
  /**
   * `session_shutdown` for the conversation a move leaves. Only extensions hear it: the kernel hook ends the
   * whole session (the sessions plugin closes its file there).
   */
  leaving(reason: "reload" | "new" | "resume" | "fork", targetSessionFile?: string): Promise<void>;
  /**
   * pi's reload and session moves: removes the loaded instances (their handlers, tools, commands, flags,
   * shortcuts and providers; a replaced built-in comes back) and runs every extension again as a new instance,
   * freshly imported. Active tools and flag values carry over; a tool only the new instances registered starts
   * active. The caller announces `session_start` afterwards (which brings `resources_discover`).
   */
  restart(): Promise<void>;
  /** `user_bash` (`!cmd`): the first extension result, if any */
  userBash(event: Omit<UserBashEvent, "type">): Promise<UserBashEventResult | undefined>;
  /** an extension called `ctx.shutdown()` */
  readonly shutdownRequested: boolean;
  /** messages extensions sent in the background have been delivered, and their turns are done */
  deliveriesDone(): Promise<void>;
  /** per extension: import and factory time */
  readonly timings: readonly { path: string; importMs: number; factoryMs: number }[];
}

declare module "../../kernel/plugin.js" {
  interface PithServices {
    extensions: ExtensionsService;
  }
}
