// Options shared by the skills and prompt-templates plugins.

export interface ResourcePluginOptions {
  /** pi's agent folder (`~/.pi/agent` or `$PI_CODING_AGENT_DIR`) */
  agentDir: string;
  cwd: string;
  /** CLI paths (`--skill` / `--prompt-template`): loaded last, and still loaded with `noDiscovery` */
  paths?: readonly string[];
  /** the `skills` / `prompts` arrays of the project (`<cwd>/.pi/settings.json`) and global settings */
  settingsEntries?: { project?: readonly string[]; global?: readonly string[] };
  /** `--no-skills` / `--no-prompt-templates`: only the CLI paths are loaded */
  noDiscovery?: boolean;
  /** false: the project's folders (`.pi/...`, `.agents/skills`) are skipped (read at every load); default true */
  projectTrusted?: boolean;
  /** what `~` means, and where `~/.agents/skills` is; defaults to the user's home folder */
  homeDir?: string;
  /** files installed packages provide (resolved by the package manager); after the user's own, before CLI paths */
  packageFiles?: readonly PackageResourceFile[];
  /** paths pi extensions returned from `resources_discover`: searched last, like CLI paths */
  extensionPaths?: readonly ExtensionResourcePath[];
}

/** A skill or template path an extension contributed (pi's `resources_discover` result). */
export interface ExtensionResourcePath {
  /** a file or folder; relative paths resolve against the cwd */
  path: string;
  /** `sourceInfo.source`: pi names it `extension:<file name without extension>` */
  source: string;
  /** `sourceInfo.baseDir`: the extension's folder (none for inline extensions) */
  baseDir?: string;
}

/** One skill or template file of a package. */
export interface PackageResourceFile {
  path: string;
  /** the package source as settings list it (`npm:x`, `git:host/path`, a path) */
  source: string;
  scope: "user" | "project";
  /** the package's root folder */
  baseDir: string;
}

/** The plugin names, so each plugin can order its `expand_input` handler against the other. */
export const SKILLS_PLUGIN_NAME = "skills";
export const PROMPT_TEMPLATES_PLUGIN_NAME = "prompt-templates";
