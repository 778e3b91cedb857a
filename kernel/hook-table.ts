// A session's hooks, made from the catalogue with their failure policies in place. The kernel's own hooks exist
// from the start; the hooks a plugin owns are made on first request, keyed by their owner (webpack's
// `getCompilationHooks`), whether the owner asks first or a plugin loaded before it taps them.
import { AsyncSeriesBailHook, AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook } from "tapable";
import { HOOK_CATALOGUE, KERNEL_OWNER, type HookKind, type HookName, type HookOf, type KernelHooks, type OwnedHooks } from "./hooks.js";
import { applyHookPolicy, type HookErrorReporter } from "./hook-policies.js";
import { PithError } from "./errors.js";

const TAPABLE: Record<HookKind, (name: string) => object> = {
  series: (name) => new AsyncSeriesHook<[unknown]>(["arg"], name),
  bail: (name) => new AsyncSeriesBailHook<[unknown], unknown>(["arg"], name),
  waterfall: (name) => new AsyncSeriesWaterfallHook<[unknown]>(["arg"], name),
  sync: (name) => new SyncHook<[unknown]>(["arg"], name),
};

const OWNERS: ReadonlySet<string> = new Set(Object.values(HOOK_CATALOGUE).map((spec) => spec.owner));

export class HookTable {
  readonly kernel: KernelHooks;
  private readonly groups = new Map<string, Readonly<Record<string, object>>>();

  constructor(private readonly report: HookErrorReporter) {
    this.kernel = this.of(KERNEL_OWNER);
  }

  /** The hooks `owner` fires, made on first request. */
  of<O extends string>(owner: O): OwnedHooks<O> {
    let group = this.groups.get(owner);
    if (!group) {
      if (!OWNERS.has(owner)) {
        throw new PithError("UNKNOWN_HOOK_OWNER", `No hook in pith's hook table is owned by "${owner}"; declare its hooks in kernel/hooks.ts (HOOK_CATALOGUE).`);
      }
      const made: Record<string, object> = {};
      for (const [name, spec] of Object.entries(HOOK_CATALOGUE)) {
        if (spec.owner !== owner) continue;
        made[name] = TAPABLE[spec.kind](name);
        applyHookPolicy(name as HookName, made[name], this.report);
      }
      this.groups.set(owner, (group = Object.freeze(made)));
    }
    return group as unknown as OwnedHooks<O>;
  }

  /** Any hook of the catalogue by name (made with its owner's other hooks when first asked for). */
  get<K extends HookName>(name: K): HookOf<K> {
    const spec = HOOK_CATALOGUE[name] as { owner: string } | undefined;
    if (!spec) throw new PithError("UNKNOWN_HOOK", `"${String(name)}" is not a hook in pith's hook table (kernel/hooks.ts).`);
    return (this.of(spec.owner) as unknown as Record<K, HookOf<K>>)[name];
  }
}
