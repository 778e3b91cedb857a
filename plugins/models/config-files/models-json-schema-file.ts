// The JSON Schema of models.json (schemas/models.schema.json), for editors (`"$schema"`) and other tools, made from
// the zod schema pith validates each provider with.
import * as z from "zod/mini";
import { modelsJsonSchemas } from "./models-json-schema.js";

export function renderModelsJsonSchema(): string {
  const { compatSchema, modelDefinitionSchema, providerConfigSchema } = modelsJsonSchemas();
  const file = z.object({ $schema: z.optional(z.string()), providers: z.record(z.string(), providerConfigSchema) });
  // named definitions for the parts used more than once, instead of three copies of compat
  const metadata = z.registry<{ id: string }>();
  metadata.add(compatSchema, { id: "ModelCompat" });
  metadata.add(modelDefinitionSchema, { id: "ModelDefinition" });
  const schema = z.toJSONSchema(file, { io: "input", target: "draft-2020-12", metadata });
  return `${JSON.stringify(schema, null, 2)}\n`;
}
