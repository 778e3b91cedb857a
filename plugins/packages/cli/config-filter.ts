// The settings edits behind `pith config enable|disable`, in pi's own terms so pi reads the result: one resource is
// switched by an exact `+path` / `-path` entry (earlier entries for that path are dropped), a whole kind by leaving
// its key out (everything) or `[]` (nothing), and a package entry with no filter left goes back to a plain string.
import type { PackageSource } from "../../settings/index.js";
import type { PackageResourceType } from "../sources/package-resources.js";

const stripped = (entry: string) => (/^[!+-]/.test(entry) ? entry.slice(1) : entry);

/** `current` with `path` switched on or off; `current` undefined means "everything" (pi's omitted key). */
export function togglePattern(current: readonly string[] | undefined, path: string, enable: boolean): string[] {
  // `[]` means nothing; `["+x"]` would mean everything plus x, so "only x" is the plain include `x`
  if (enable && current !== undefined && current.length === 0) return [path];
  const kept = (current ?? []).filter((entry) => stripped(entry) !== path);
  return [...kept, `${enable ? "+" : "-"}${path}`];
}

/** The entry with one kind's filter replaced (`undefined` = the key removed). */
export function withFilter(entry: PackageSource, kind: PackageResourceType, list: readonly string[] | undefined): PackageSource {
  const object = typeof entry === "string" ? { source: entry } : { ...entry };
  if (list === undefined) delete object[kind];
  else object[kind] = [...list];
  // keys other than the filters (pi may add some) keep the object form
  return Object.keys(object).length > 1 ? object : object.source;
}

export function filterOf(entry: PackageSource, kind: PackageResourceType): readonly string[] | undefined {
  return typeof entry === "string" ? undefined : entry[kind];
}
