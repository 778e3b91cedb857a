// The slash commands a client can offer (RPC `get_commands`), in pi's order: commands plugins and extensions
// registered, then prompt templates, then skills (`skill:<name>`).
import type { CommandDefinition } from "../../kernel/index.js";
import type { ResourceCommand } from "../../lib/resources/resource-command.js";
import type { SourceInfo } from "../../lib/resources/source-info.js";

export interface CatalogCommand {
  name: string;
  description?: string;
  source: "extension" | "prompt" | "skill";
  sourceInfo: SourceInfo;
}

export interface CommandCatalogService {
  list(): CatalogCommand[];
}

declare module "../../kernel/index.js" {
  interface PithServices {
    commandCatalog: CommandCatalogService;
  }
}

export interface CommandCatalogConfig {
  registered(): readonly CommandDefinition[];
  templates(): readonly ResourceCommand[];
  skills(): readonly ResourceCommand[];
}

export class CommandCatalog implements CommandCatalogService {
  constructor(private readonly config: CommandCatalogConfig) {}

  list(): CatalogCommand[] {
    const registered = this.config.registered().map((command): CatalogCommand => {
      const entry: CatalogCommand = { name: command.name, source: "extension", sourceInfo: registeredSource(command) };
      if (command.description !== undefined) entry.description = command.description;
      return entry;
    });
    return [...registered, ...this.config.templates(), ...this.config.skills()];
  }
}

/** A registered command names where it came from in `source` (an extension's path, a plugin's name). */
function registeredSource(command: CommandDefinition): SourceInfo {
  return { path: command.source ?? "", source: "extension", scope: "temporary", origin: "top-level" };
}
