// Writes schemas/models.schema.json. Usage: generate-schema.ts [output file]
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { renderModelsJsonSchema } from "./models-json-schema-file.js";

const output = process.argv[2]
  ? resolve(process.argv[2])
  : fileURLToPath(new URL("../../../schemas/models.schema.json", import.meta.url));
await mkdir(dirname(output), { recursive: true });
await writeFile(output, renderModelsJsonSchema(), "utf8");
console.log(`wrote ${output}`);
