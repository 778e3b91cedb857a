import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as z from "zod/mini";
import { settingsSchema, type SettingPath, type Settings, type SettingValue } from "../../plugins/settings/index.js";
import { renderSettingsJsonSchema } from "../../plugins/settings/schema/settings-json-schema.js";

const repository = new URL("../../", import.meta.url);
const PI_SCHEMA = new URL("node_modules/@earendil-works/pi-coding-agent/schemas/settings.schema.json", repository);

type SchemaNode = { $ref?: string; $defs?: Record<string, SchemaNode>; properties?: Record<string, SchemaNode>; enum?: unknown[]; const?: unknown; anyOf?: SchemaNode[]; oneOf?: SchemaNode[]; default?: unknown };

/** Every key path of a JSON Schema, with the values it allows (when it lists them) and its default. */
function schemaKeys(root: SchemaNode, node: SchemaNode = root, prefix = "", out: Record<string, { values?: unknown[]; default?: unknown }> = {}) {
  const deref = (item: SchemaNode | undefined): SchemaNode | undefined => (item?.$ref ? deref(root.$defs?.[item.$ref.split("/").pop()!]) : item);
  const values = (item: SchemaNode | undefined): unknown[] | undefined => {
    const target = deref(item);
    if (!target) return undefined;
    if (target.enum) return [...target.enum].sort();
    if (target.const !== undefined) return [target.const];
    const alternatives = (target.anyOf ?? target.oneOf)?.map(values);
    return alternatives?.every(Boolean) ? alternatives.flat().sort() : undefined;
  };
  for (const [key, field] of Object.entries(deref(node)?.properties ?? {})) {
    out[prefix + key] = { values: values(field), default: deref(field)?.default ?? field.default };
    schemaKeys(root, deref(field)!, `${prefix}${key}.`, out);
  }
  return out;
}

/** the dotted path of every setting that holds a value (objects are documented through their keys) */
function keyPaths(schema: z.ZodMiniObject, prefix = ""): string[] {
  return Object.entries(schema.shape).flatMap(([key, field]) => {
    const path = `${prefix}${key}`;
    let inner: z.core.$ZodType = field;
    while (inner instanceof z.ZodMiniOptional || inner instanceof z.ZodMiniDefault || inner instanceof z.ZodMiniPrefault) {
      inner = inner.def.innerType;
    }
    return inner instanceof z.ZodMiniObject ? keyPaths(inner, `${path}.`) : [path];
  });
}

describe("settings schema", () => {
  it("matches the committed schemas/settings.schema.json (run plugins/settings/schema/generate-schema.ts)", async () => {
    const committed = await readFile(new URL("schemas/settings.schema.json", repository), "utf8");
    expect(committed).toBe(renderSettingsJsonSchema());
  });

  it("has every key documented in docs/settings.md", async () => {
    const docs = await readFile(new URL("docs/settings.md", repository), "utf8");
    const documented = (path: string) => {
      const [parent, leaf] = [path.slice(0, path.lastIndexOf(".")), path.slice(path.lastIndexOf(".") + 1)];
      // `thinkingBudgets.minimal` / `.low` lists siblings in one row
      return docs.includes(`\`${path}\``) || (parent !== "" && docs.includes(`\`.${leaf}\``) && docs.includes(`\`${parent}.`));
    };
    const paths = keyPaths(settingsSchema());
    expect(paths.length).toBeGreaterThan(45);
    expect(paths.filter((path) => !documented(path))).toEqual([]);
  });

  it("shows pi's defaults in the JSON Schema", () => {
    const json = JSON.parse(renderSettingsJsonSchema()) as { properties: Record<string, { default?: unknown }> };
    expect(json.properties.theme!.default).toBe("system");
    expect(json.properties.transport!.default).toBe("auto");
    expect(json.properties.defaultModel!.default).toBeUndefined();
  });

  it("types key paths and their values", () => {
    expectTypeOf<"retry.provider.maxRetryDelayMs">().toExtend<SettingPath>();
    expectTypeOf<"compaction">().toExtend<SettingPath>();
    expectTypeOf<"compaction.turbo">().not.toExtend<SettingPath>();
    expectTypeOf<SettingValue<"compaction.reserveTokens">>().toEqualTypeOf<number>();
    expectTypeOf<SettingValue<"transport">>().toEqualTypeOf<"sse" | "websocket" | "websocket-cached" | "auto">();
    expectTypeOf<Settings["compaction"]["enabled"]>().toEqualTypeOf<boolean>();
    expectTypeOf<Settings["defaultModel"]>().toEqualTypeOf<string | undefined>();
  });

  it.skipIf(!existsSync(PI_SCHEMA))("has every key of pi 1.6.0's published schema, with its allowed values and defaults", async () => {
    const pi = schemaKeys(JSON.parse(await readFile(PI_SCHEMA, "utf8")) as SchemaNode);
    const pith = schemaKeys(JSON.parse(renderSettingsJsonSchema()) as SchemaNode);
    // migrated on load (queueMode, websockets, retry.maxDelayMs), a file's own `$schema` (allowed: additional keys
    // are), and pi's bookkeeping of features pith has not (analytics id, extension changelog notices)
    const notOurs = ["$schema", "queueMode", "websockets", "retry.maxDelayMs", "trackingId", "extensionChangelogVersions"];
    expect(Object.keys(pi).filter((path) => !pith[path]).sort()).toEqual([...notOurs].sort());
    for (const [path, field] of Object.entries(pi)) {
      if (notOurs.includes(path)) continue;
      if (field.values) expect(pith[path]!.values, path).toEqual(field.values);
      if (field.default !== undefined) expect(pith[path]!.default, path).toEqual(field.default);
    }
  });
});
