// The prompt's `docs` section (pi 1.6.0 points its model at its own docs the same way): where pith's README,
// documentation and examples are installed, for questions about pith itself.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let installed: string | undefined;

/** pith's installed package folder: the nearest folder above this module with a package.json. */
function packageFolder(): string {
  if (installed) return installed;
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, "package.json")) && dirname(folder) !== folder) folder = dirname(folder);
  return (installed = folder);
}

export function docsSection(): string {
  const root = packageFolder().replaceAll("\\", "/");
  return [
    "pith's own documentation (read it only when the user asks about pith itself: its settings, extensions, skills, prompt templates, packages, SDK or terminal UI):",
    `- README: ${root}/README.md`,
    `- Documentation: ${root}/docs (one file per topic, e.g. docs/extensions.md, docs/settings.md, docs/sdk.md)`,
    `- Examples: ${root}/docs/examples`,
  ].join("\n");
}
