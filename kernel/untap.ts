// Removing one tap from a tapable hook, and placing a tap before other plugins' taps. tapable has no public
// "untap": it keeps the taps in `hook.taps` and compiles `call`/`promise` from them on first use. Removal and
// placement therefore edit that array and reset the compiled call. Both are tapable internals, touched here and
// nowhere else; test/kernel/untap.test.ts fails if they change.
import { PithError } from "./errors.js";
import type { Disposer } from "./plugin.js";

interface TapableInternals {
  taps: { name?: string; stage?: number }[];
  _resetCompilation(): void;
}

function internals(hook: object): TapableInternals {
  const candidate = hook as Partial<TapableInternals>;
  if (!Array.isArray(candidate.taps) || typeof candidate._resetCompilation !== "function") {
    throw new PithError("KERNEL_UNTAP_UNSUPPORTED", "This tapable version keeps its taps differently; pith's kernel/untap.ts must be updated to remove taps.");
  }
  return candidate as TapableInternals;
}

export interface TapPlacement {
  /**
   * plugin names whose taps of the same or a higher stage this tap runs before (all of them, also when a plugin
   * tapped the hook several times; names with no tap on the hook are ignored). Stage still comes first: a named
   * tap of a lower stage stays ahead. tapable's own `before` does neither: it stops at a plugin's latest tap and
   * moves a tap to the very front when a named plugin has not tapped the hook.
   */
  before?: readonly string[];
}

/**
 * Runs `tap`, which must add exactly one tap to `hook` (any tapable hook), places it as `placement` asks, and
 * returns a disposer that removes that tap again. Calling the disposer twice is harmless; a call already running
 * keeps the taps it started with.
 */
export function tapRemovably(hook: object, tap: () => void, placement: TapPlacement = {}): Disposer {
  const target = internals(hook);
  const existing = new Set(target.taps);
  tap();
  const added = target.taps.find((candidate) => !existing.has(candidate));
  if (!added) throw new PithError("KERNEL_UNTAP_UNSUPPORTED", "A tap was registered but tapable did not add it to hook.taps; kernel/untap.ts must be updated.");
  if (placement.before && placement.before.length > 0) placeBefore(target, added, new Set(placement.before));
  return () => {
    const index = target.taps.indexOf(added);
    if (index === -1) return;
    target.taps.splice(index, 1);
    target._resetCompilation();
  };
}

/** Moves `added` (placed by stage already) ahead of the first tap of `names` with the same or a higher stage. */
function placeBefore(target: TapableInternals, added: TapableInternals["taps"][number], names: ReadonlySet<string>): void {
  const from = target.taps.indexOf(added);
  const stage = added.stage ?? 0;
  const to = target.taps.findIndex((tap, index) => index < from && tap.name !== undefined && names.has(tap.name) && (tap.stage ?? 0) >= stage);
  if (to === -1) return;
  target.taps.splice(from, 1);
  target.taps.splice(to, 0, added);
  target._resetCompilation();
}
