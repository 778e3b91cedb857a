// The skill record (pi 0.73.1's shape) and the service the skills plugin offers.
import type { ResourceCommand } from "../../lib/resources/resource-command.js";
import type { ResourceDiagnostic } from "../../lib/resources/diagnostics/diagnostics.js";
import type { SourceInfo } from "../../lib/resources/source-info.js";
import type { ExtensionResourcePath } from "../../lib/resources/options.js";

export interface Skill {
  name: string;
  description: string;
  /** absolute path of the skill's Markdown file */
  filePath: string;
  /** the folder holding the file: relative paths inside the skill resolve against it */
  baseDir: string;
  sourceInfo: SourceInfo;
  /** front matter `disable-model-invocation: true`: left out of the system prompt, only `/skill:name` loads it */
  disableModelInvocation: boolean;
}

export interface SkillsService {
  /** loaded skills, in precedence order */
  list(): readonly Skill[];
  /** problems found by the last load: validation warnings, unreadable folders, name collisions */
  readonly diagnostics: readonly ResourceDiagnostic[];
  /** search every location again (the `/reload` path) */
  reload(signal?: AbortSignal): Promise<void>;
  /** replaces the paths extensions contributed (`resources_discover`) and searches again; they survive `reload` */
  setExtensionPaths(paths: readonly ExtensionResourcePath[], signal?: AbortSignal): Promise<void>;
  /**
   * The system prompt's skills section, starting with a blank line so it can be appended as is;
   * "" when the `read` tool is not active or no skill is visible to the model.
   */
  formatForPrompt(activeToolNames: readonly string[]): string;
  /** one `skill:<name>` entry per skill, for command listings such as RPC `get_commands` */
  commands(): ResourceCommand[];
}
