// A slash command offered by a skill or template, in the shape RPC `get_commands` lists it.
import type { SourceInfo } from "./source-info.js";

export interface ResourceCommand {
  /** without the slash: `skill:<name>` for skills, the template name for templates */
  name: string;
  description: string;
  source: "skill" | "prompt";
  sourceInfo: SourceInfo;
}
