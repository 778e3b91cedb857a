// Dotted paths of the known settings (`theme`, `compaction.enabled`, `retry.provider.timeoutMs`) and the value
// type each accepts, derived from the schema so `set` is checked at compile time.
import type { SettingsFile } from "./schema.js";

/** keys written in the schema, without the index signature that keeps unknown keys */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] } & string;

type IsObject<V> = V extends readonly unknown[] ? false : V extends object ? true : false;

type PathsOf<T> = {
  [K in KnownKeys<T>]: IsObject<NonNullable<T[K]>> extends true ? K | `${K}.${PathsOf<NonNullable<T[K]>>}` : K;
}[KnownKeys<T>];

type ValueAt<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends KnownKeys<T>
    ? ValueAt<NonNullable<T[Head]>, Rest>
    : never
  : P extends KnownKeys<T>
    ? Exclude<T[P], undefined>
    : never;

export type SettingPath = PathsOf<SettingsFile>;
export type SettingValue<P extends SettingPath> = ValueAt<SettingsFile, P>;
