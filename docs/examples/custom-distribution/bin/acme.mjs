#!/usr/bin/env node
// acme's executable. A published distribution compiles acme.ts and imports the JavaScript; this example runs
// the TypeScript directly through jiti (which pith already depends on for plugins).
import { createJiti } from "jiti";

const jiti = createJiti(import.meta.url);
const { main } = await jiti.import("../acme.ts");
process.exitCode = await main(process.argv.slice(2));
