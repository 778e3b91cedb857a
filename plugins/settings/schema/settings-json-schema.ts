// The JSON Schema of settings.json, for editors (`"$schema"`) and other tools, made from the zod schema.
import * as z from "zod/mini";
import { settingsSchema } from "./schema.js";

export function renderSettingsJsonSchema(): string {
  const schema = z.toJSONSchema(settingsSchema(), { io: "input", target: "draft-2020-12" });
  return `${JSON.stringify(schema, null, 2)}\n`;
}
