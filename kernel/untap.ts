// Removing one tap from a tapable hook. tapable has no public "untap": it keeps the taps in `hook.taps` and
// compiles `call`/`promise` from them on first use. Removal therefore edits that array and resets the compiled
// call. Both are tapable internals, touched here and nowhere else; test/kernel/untap.test.ts fails if they change.
import { PithError } from "./errors.js";
import type { Disposer } from "./plugin.js";

interface TapableInternals {
  taps: object[];
  _resetCompilation(): void;
}

function internals(hook: object): TapableInternals {
  const candidate = hook as Partial<TapableInternals>;
  if (!Array.isArray(candidate.taps) || typeof candidate._resetCompilation !== "function") {
    throw new PithError("KERNEL_UNTAP_UNSUPPORTED", "This tapable version keeps its taps differently; pith's kernel/untap.ts must be updated to remove taps.");
  }
  return candidate as TapableInternals;
}

/**
 * Runs `tap`, which must add exactly one tap to `hook` (any tapable hook), and returns a disposer that removes
 * that tap again. Calling the disposer twice is harmless; a call already running keeps the taps it started with.
 */
export function tapRemovably(hook: object, tap: () => void): Disposer {
  const target = internals(hook);
  const before = new Set(target.taps);
  tap();
  const added = target.taps.find((candidate) => !before.has(candidate));
  if (!added) throw new PithError("KERNEL_UNTAP_UNSUPPORTED", "A tap was registered but tapable did not add it to hook.taps; kernel/untap.ts must be updated.");
  return () => {
    const index = target.taps.indexOf(added);
    if (index === -1) return;
    target.taps.splice(index, 1);
    target._resetCompilation();
  };
}
