// The prompt template record (pi 0.73.1's shape) and the service the plugin offers.
import type { ResourceCommand } from "../../lib/resources/resource-command.js";
import type { ResourceDiagnostic } from "../../lib/resources/diagnostics/diagnostics.js";
import type { SourceInfo } from "../../lib/resources/source-info.js";
import type { ExtensionResourcePath } from "../../lib/resources/options.js";

export interface PromptTemplate {
  /** the file name without `.md`; invoked as `/name` */
  name: string;
  /** front matter `description`, else the first non-empty body line cut to 60 characters */
  description: string;
  /** front matter `argument-hint`, shown before the description in completions */
  argumentHint?: string;
  /** the body after the front matter */
  content: string;
  sourceInfo: SourceInfo;
  filePath: string;
}

export interface PromptTemplatesService {
  /** loaded templates, in precedence order */
  list(): readonly PromptTemplate[];
  /** problems found by the last load: unreadable files or folders, broken front matter, name collisions */
  readonly diagnostics: readonly ResourceDiagnostic[];
  reload(signal?: AbortSignal): Promise<void>;
  /** replaces the paths extensions contributed (`resources_discover`) and searches again; they survive `reload` */
  setExtensionPaths(paths: readonly ExtensionResourcePath[], signal?: AbortSignal): Promise<void>;
  /** one entry per template, for command listings such as RPC `get_commands` */
  commands(): ResourceCommand[];
}
