// The prompt's `docs` section (pi 1.6.0 points its model at its own docs the same way): where pith's README,
// documentation and examples are installed, for questions about pith itself.
import { pithFolder } from "../../lib/installation/pith-folder.js";

export function docsSection(): string {
  const root = pithFolder().replaceAll("\\", "/");
  return [
    "pith's own documentation (read it only when the user asks about pith itself: its settings, extensions, skills, prompt templates, packages, SDK or terminal UI):",
    `- README: ${root}/README.md`,
    `- Documentation: ${root}/docs (one file per topic, e.g. docs/extensions.md, docs/settings.md, docs/sdk.md)`,
    `- Examples: ${root}/docs/examples`,
  ].join("\n");
}
