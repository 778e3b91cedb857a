// What plugins registered: providers by api, tools by name, commands by name, services by name.
// A later registration of the same name wins (plugins load from least to most specific), and the replaced one
// is reported with both owners, never a start-up failure. The replaced one is kept aside: when its replacer is
// removed again (an extension unloaded on reload), it comes back.
import type { ProviderApi } from "./provider.js";
import type { ToolDefinition } from "./tool.js";
import type { CommandDefinition } from "./command.js";
import { PithError } from "./errors.js";

interface Owned<T> {
  value: T;
  owner: string;
}

export type ConflictReporter = (error: PithError) => void;

export class NamedRegistry<T> {
  private readonly entries = new Map<string, Owned<T>>();
  /** per name: the registrations a later one replaced, oldest first */
  private readonly replaced = new Map<string, Owned<T>[]>();

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
      // an owner registering again leaves no older value of its own behind to come back later
      const stack = (this.replaced.get(name) ?? []).filter((entry) => entry.owner !== owner);
      stack.push(previous);
      this.replaced.set(name, stack);
    }
    this.entries.set(name, { value, owner });
  }

  /**
   * Removes `owner`'s registration of `name`. When it was the current one, the registration it replaced (if any)
   * becomes current again; when it had itself been replaced, it will not come back. False: `owner` had none.
   */
  remove(name: string, owner: string): boolean {
    const stack = this.replaced.get(name) ?? [];
    if (this.entries.get(name)?.owner === owner) {
      const restored = stack.pop();
      if (restored) this.entries.set(name, restored);
      else this.entries.delete(name);
    } else {
      const index = stack.findIndex((entry) => entry.owner === owner);
      if (index === -1) return false;
      stack.splice(index, 1);
    }
    if (stack.length === 0) this.replaced.delete(name);
    return true;
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
  readonly services: NamedRegistry<unknown>;
  /**
   * the plugins set up so far, in setup order: a plugin that taps hooks again at run time (pi extensions on
   * reload) can keep its load-order place with `before` the plugins set up after it
   */
  readonly plugins: string[] = [];

  constructor(report: ConflictReporter) {
    this.providers = new NamedRegistry("provider api", report);
    this.tools = new NamedRegistry("tool", report);
    this.commands = new NamedRegistry("command", report);
    this.services = new NamedRegistry("service", report);
  }
}
