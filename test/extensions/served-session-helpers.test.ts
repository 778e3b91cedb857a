// pi 1.6.0's session-file and compaction helpers as pith serves them: each script runs against pi's own module
// (under Node 22) and against pith's served module (loaded as an extension file), on the same seeded session, and
// the JSON of the two results must be equal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtensionModuleLoader } from "../../plugins/extensions/loading/module-loader.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { createWorld, type World } from "./harness.js";
import { SEEDED_SESSION, SEEDED_V1_SESSION } from "./seeded-session.js";

const AGENT = "@earendil-works/pi-coding-agent";

// Shared by every script: entry ids renamed by first appearance, so that sessions with random ids compare.
const PRELUDE = `
  const renamer = () => { const names = new Map(); return (id) => (typeof id === "string" ? (names.get(id) ?? (names.set(id, "e" + names.size), names.get(id))) : id); };
  const stable = (value) => { const name = renamer(); return JSON.parse(JSON.stringify(value, (key, v) => (["id", "parentId", "firstKeptEntryId", "targetId", "fromId"].includes(key) && v !== "root" ? name(v) : v))); };
  const pathTo = (entries, leafId) => { const byId = new Map(entries.map((e) => [e.id, e])); const path = []; for (let e = byId.get(leafId); e; e = byId.get(e.parentId)) path.unshift(e); return path; };
  const fileOps = (ops) => ({ read: [...ops.read].sort(), written: [...ops.written].sort(), edited: [...ops.edited].sort() });
`;

const SCRIPTS: Array<[label: string, source: string]> = [
  ["parseSessionEntries", `(m, input) => [m.parseSessionEntries(input.content), m.parseSessionEntries("\\n{\\"type\\":\\"session\\"}\\nnot json\\n\\n5\\n")]`],
  ["migrateSessionEntries", `(m, input) => {
    const entries = m.parseSessionEntries(input.v1);
    m.migrateSessionEntries(entries);
    const headerless = [{ type: "message", message: { role: "hookMessage", content: "x" } }];
    m.migrateSessionEntries(headerless);
    return stable([entries, headerless.map((e) => [typeof e.id, e.parentId, e.message.role])]);
  }`],
  ["sessionEntryToContextMessages", `(m, input) => m.parseSessionEntries(input.content).filter((e) => e.type !== "session").map((e) => m.sessionEntryToContextMessages(e))`],
  ["buildContextEntries", `(m, input) => {
    const entries = m.parseSessionEntries(input.content).filter((e) => e.type !== "session");
    return [m.buildContextEntries(entries).map((e) => e.id), m.buildContextEntries(entries, "b2").map((e) => e.id), m.buildContextEntries(entries, null), m.buildContextEntries(entries, "nope").map((e) => e.id)];
  }`],
  ["buildSessionProjection and buildSessionContext", `(m, input) => {
    const entries = m.parseSessionEntries(input.content).filter((e) => e.type !== "session");
    const byId = new Map(entries.map((e) => [e.id, e]));
    const projection = m.buildSessionProjection(entries, undefined, byId);
    return [projection.entries.map((e) => [e.sourceEntry.id, e.messages]), projection.thinkingLevel, projection.model, m.buildSessionContext(entries), m.buildSessionContext(entries, "b2"), m.buildSessionProjection(entries, "a3")];
  }`],
  ["findCutPoint and findTurnStartIndex", `(m, input) => {
    const entries = m.parseSessionEntries(input.content).filter((e) => e.type !== "session");
    const before = pathTo(entries, "a3");
    const after = pathTo(entries, entries.at(-1).id);
    const start = after.findIndex((e) => e.id === "u2");
    return [
      [10, 300, 900, 1500, 100000].map((budget) => m.findCutPoint(before, 0, before.length, budget)),
      [40, 100000].map((budget) => m.findCutPoint(after, start, after.length, budget)),
      m.findCutPoint(after, 3, 3, 10),
      [0, 2, 5, after.length - 1].map((index) => m.findTurnStartIndex(after, index, 0)),
    ];
  }`],
  ["prepareBranchEntries", `(m, input) => {
    const entries = m.parseSessionEntries(input.content).filter((e) => e.type !== "session");
    const branch = pathTo(entries, "a3");
    return [0, 400, 1200].map((budget) => { const p = m.prepareBranchEntries(branch, budget); return [p.messages, fileOps(p.fileOps), p.totalTokens > 0]; });
  }`],
];

let world: World;
let piResults: unknown[];
const input = { content: SEEDED_SESSION, v1: SEEDED_V1_SESSION };

beforeAll(async () => {
  world = await createWorld();
  const table = JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`);
  const output = await runOnNode22(
    `const { VIRTUAL_MODULES } = await import(${table});
     ${PRELUDE}
     const input = ${JSON.stringify(input)};
     const results = [];
     for (const run of [${SCRIPTS.map(([, source]) => source).join(",")}]) results.push(await run(VIRTUAL_MODULES[${JSON.stringify(AGENT)}], input));
     process.stdout.write(JSON.stringify(results));`,
  );
  piResults = JSON.parse(output) as unknown[];
}, 180_000);
afterAll(() => world.close());

describe("served session helpers give pi 1.6.0's results", () => {
  it.each(SCRIPTS.map((script, index) => [script[0], index] as const))("%s", async (_label, index) => {
    const path = await world.write(
      `ext/session-script-${index}.ts`,
      `import * as served from "${AGENT}";\n${PRELUDE}\nexport default async function (input: any) { const run: any = ${SCRIPTS[index]![1]}; return run(served, input); }`,
    );
    const run = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as (input: unknown) => Promise<unknown>;
    expect(JSON.parse(JSON.stringify((await run(structuredClone(input))) ?? null))).toEqual(piResults[index]);
  });
});
