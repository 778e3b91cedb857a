// Writes schemas/settings.schema.json. Usage: generate-schema.ts [output file]
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { renderSettingsJsonSchema } from "./settings-json-schema.js";

const output = process.argv[2]
  ? resolve(process.argv[2])
  : fileURLToPath(new URL("../../../schemas/settings.schema.json", import.meta.url));
await mkdir(dirname(output), { recursive: true });
await writeFile(output, renderSettingsJsonSchema(), "utf8");
console.log(`wrote ${output}`);
