// What the extensions plugin is given: where extensions come from, which load, and how flags are read.
import type { ExtensionSource } from "./loading/discovery.js";
import type { InlineExtension } from "./loading/load-extensions.js";
import type { PreloadedExtensions } from "./loading/preloaded.js";
import type { ExtensionMode } from "./contract/types.js";
import type { SessionFactory } from "./shims/sdk/session-factory.js";

export interface ExtensionsPluginOptions {
  /** pi's agent folder: `<agentDir>/extensions/` and global settings entries */
  agentDir: string;
  /** `-e` paths: always loaded, even with `noExtensions` or in an untrusted project (see "projectTrust") */
  paths?: readonly string[];
  /** `--no-extensions`: load only `paths` */
  noExtensions?: boolean;
  /** extension files resolved elsewhere, loaded after the discovered ones (the "packages" service's come after these) */
  extraSources?: readonly ExtensionSource[];
  /** extension factories given in code (the SDK's inline extensions) */
  inline?: readonly InlineExtension[];
  /** jiti's transform cache folder (pith's cache folder); false: no disk cache */
  cacheDir?: string | false;
  /** command-line options the CLI did not know: parsed as extension flags once the extensions registered theirs */
  flagArgv?: readonly string[];
  /** what an option no extension registered does: fail start-up (default, as pi does) or nothing */
  unknownFlags?: "error" | "ignore";
  /** home folder for `~` in paths */
  homeDir?: string;
  /** how pith runs, as extensions read it in `ctx.mode`; default "print" */
  mode?: ExtensionMode;
  /**
   * a pass before the session exists (project trust): the extensions load and nothing they register takes effect;
   * `handOver` takes their instances out, for the session's plugin to adopt (`preloaded`)
   */
  preTrust?: (handOver: () => PreloadedExtensions) => void;
  /** instances a pre-trust pass loaded: adopted instead of running their factories again */
  preloaded?: PreloadedExtensions;
  /** assembles another session (pi's `createAgentSession` in an extension); without it that call fails with a clear error */
  createSession?: SessionFactory;
}
