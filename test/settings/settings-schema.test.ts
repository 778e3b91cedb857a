import { readFile } from "node:fs/promises";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as z from "zod/mini";
import { settingsSchema, type SettingPath, type Settings, type SettingValue } from "../../plugins/settings/index.js";
import { renderSettingsJsonSchema } from "../../plugins/settings/schema/settings-json-schema.js";

const repository = new URL("../../", import.meta.url);

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
});
