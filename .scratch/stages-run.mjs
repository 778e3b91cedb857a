import { createJiti } from "jiti";
const jiti = createJiti(import.meta.url, { fsCache: true });
process.argv.splice(2, 0);
await jiti.import(process.env.STAGES ?? "./stages.ts");
