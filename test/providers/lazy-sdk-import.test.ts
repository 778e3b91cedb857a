import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** How each provider plugin's module graph imports a package: "import-statement" or "dynamic-import". */
async function importKinds(entry: string, packageName: string): Promise<string[]> {
  const result = await build({
    entryPoints: [`${root}${entry}`],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "silent",
  });
  return Object.values(result.metafile.inputs).flatMap((input) =>
    input.imports
      .filter((entryImport) => {
        const path = entryImport.original ?? entryImport.path;
        return path === packageName || path.startsWith(`${packageName}/`);
      })
      .map((entryImport) => entryImport.kind),
  );
}

// Importing an SDK costs 50-125 ms; start-up must not pay it before the first model call.
describe("provider SDKs are imported lazily", () => {
  it.each([
    ["plugins/provider-anthropic/index.ts", "@anthropic-ai/sdk"],
    ["plugins/provider-openai/index.ts", "openai"],
    ["plugins/provider-bedrock/index.ts", "@aws-sdk/client-bedrock-runtime"],
    ["plugins/provider-bedrock/index.ts", "@smithy/node-http-handler"],
    ["plugins/provider-google/index.ts", "@google/genai"],
    // the wire code stays out of start-up the same way, for the providers spoken without an SDK too
    ["plugins/provider-google/index.ts", "./google-stream.js"],
    ["plugins/provider-bedrock/index.ts", "./bedrock-stream.js"],
    ["plugins/provider-mistral/index.ts", "./mistral-stream.js"],
    ["plugins/provider-pi-messages/index.ts", "./pi-messages-stream.js"],
  ])("%s imports %s only dynamically", async (entry, packageName) => {
    const kinds = await importKinds(entry, packageName);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(["dynamic-import"]));
  });
});
