// Every example extension pi 1.6.0 ships (examples/extensions: single files and folders with an index.ts) loads in
// pith unchanged, all of them in one session: no import, compile or factory error except the known ones below.
// What the examples do is checked in pi-examples.test.ts (print, JSON, RPC) and the interactive tests.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { PI16_PACKAGE } from "../support/pi-node22.js";
import { createWorld, startSession, type World } from "./harness.js";

const EXAMPLES = join(PI16_PACKAGE, "examples/extensions");
/** Loading fails in pith for these, each for a reason docs/compatibility.md gives */
const KNOWN: Record<string, RegExp> = {
  // its npm dependency is not installed (pi fails the same way until `npm install` in its folder)
  "gondolin/index.ts": /Cannot find module '@earendil-works\/gondolin'/,
};
const LOAD_FAILURES = new Set(["EXTENSION_LOAD_FAILED", "EXTENSION_FACTORY_FAILED", "EXTENSION_IMPORT_UNKNOWN", "EXTENSION_IMPORT_NOT_LOADED", "EXTENSION_INVALID"]);

let world: World | undefined;
afterAll(() => world?.close());

it("all of pi 1.6.0's example extensions load, apart from the known exceptions", async () => {
  const paths = readdirSync(EXAMPLES).flatMap((name) =>
    name.endsWith(".ts") ? [join(EXAMPLES, name)] : existsSync(join(EXAMPLES, name, "index.ts")) ? [join(EXAMPLES, name, "index.ts")] : [],
  );
  expect(paths.length).toBeGreaterThan(70);
  world = await createWorld();
  const started = await startSession(world, { paths });
  const failures = started.problems
    .filter((problem) => LOAD_FAILURES.has(problem.code) || /failed while loading/.test(problem.message))
    .map((problem) => problem.message);
  const unexplained = failures.filter((message) => !Object.entries(KNOWN).some(([file, reason]) => message.includes(join(EXAMPLES, file)) && reason.test(message)));
  expect(unexplained).toEqual([]);
  // each known exception still happens: when pith gains what it lacks, the list and the docs must shrink
  for (const [file, reason] of Object.entries(KNOWN)) expect(failures.some((message) => message.includes(join(EXAMPLES, file)) && reason.test(message)), file).toBe(true);
  // the provider examples' OAuth logins are offered by /login and `pith login`
  const models = started.session.registry.services.get("models") as { loginFlows: { name(provider: string): string; providers(): string[] } };
  expect(models.loginFlows.providers()).toEqual(expect.arrayContaining(["custom-anthropic", "gitlab-duo"]));
  expect(models.loginFlows.name("gitlab-duo")).toBe("GitLab Duo");
  await started.session.dispose();
}, 300_000);
