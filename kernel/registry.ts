// What plugins registered: providers by api, tools by name, commands by name, services by name.
// A later registration of the same name wins (plugins load from least to most specific), and the replaced one
// is reported with both owners, never a start-up failure.
import type { ProviderApi } from "./provider.js";
import type { ToolDefinition } from "./tool.js";
import type { CommandDefinition } from "./plugin.js";
import { PithError } from "./errors.js";

export interface Owned<T> {
  value: T;
  owner: string;
}

export type ConflictReporter = (error: PithError) => void;

export class NamedRegistry<T> {
  private readonly entries = new Map<string, Owned<T>>();

  constructor(
    private readonly kind: string,
    private readonly reportConflict: ConflictReporter,
  ) {}

  set(name: string, value: T, owner: string): void {
    const previous = this.entries.get(name);
    if (previous && previous.owner !== owner) {
      this.reportConflict(
        new PithError(
          "REGISTRATION_CONFLICT",
          `${this.kind} "${name}" from ${owner} replaces the one from ${previous.owner}`,
          { plugin: owner },
        ),
      );
    }
    this.entries.set(name, { value, owner });
  }

  get(name: string): T | undefined {
    return this.entries.get(name)?.value;
  }

  owner(name: string): string | undefined {
    return this.entries.get(name)?.owner;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  delete(name: string): boolean {
    return this.entries.delete(name);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  values(): T[] {
    return [...this.entries.values()].map((entry) => entry.value);
  }
}

export class KernelRegistry {
  readonly providers: NamedRegistry<ProviderApi>;
  readonly tools: NamedRegistry<ToolDefinition>;
  readonly commands: NamedRegistry<CommandDefinition>;
  readonly services = new Map<string, Owned<unknown>>();

  constructor(report: ConflictReporter) {
    this.providers = new NamedRegistry("provider api", report);
    this.tools = new NamedRegistry("tool", report);
    this.commands = new NamedRegistry("command", report);
  }
}
