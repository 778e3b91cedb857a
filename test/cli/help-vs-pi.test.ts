// `pith --help` against `pi --help` (pi 1.6.0 on Node 22): every option and subcommand pi lists is listed by
// pith and accepted by its parser, except the few differences docs/compatibility.md names (KNOWN_DIFFERENCES).
// The help texts come from both programs; each option is then given to pith's own parser for that command.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseArgs } from "../../sdk/cli/args.js";
import { parsePackageCommand } from "../../plugins/packages/cli/cli.js";
import { parseConfigArgs } from "../../plugins/packages/cli/config-command.js";
import { runPiMainEach } from "../support/pi-node22.js";
import { createCliWorld, type CliWorld } from "./cli-harness.js";

const SUBCOMMANDS = ["install", "remove", "uninstall", "update", "list", "config", "auth", "mcp"] as const;
type Help = "main" | (typeof SUBCOMMANDS)[number];

/** pi's options pith does not take, by help page; each is in docs/compatibility.md with the reason. */
const KNOWN_DIFFERENCES: Partial<Record<Help, readonly string[]>> = {};

interface Flag {
  name: string;
  takesValue: boolean;
}

/** The flags of the option lines (indented lines that start with a dash): `--name, -n <name>` gives two. */
function optionFlags(help: string): Flag[] {
  const flags = new Map<string, Flag>();
  for (const line of help.split("\n")) {
    const column = /^ {2,}(-\S.*)$/.exec(line)?.[1]?.split(/\s{2,}/)[0];
    if (!column) continue;
    const takesValue = column.includes("<");
    for (const match of column.matchAll(/(?:^|[\s,|[])(--?[a-z][a-z0-9-]*)/g)) flags.set(match[1]!, { name: match[1]!, takesValue });
  }
  return [...flags.values()];
}

function lists(help: string, flag: string): boolean {
  return new RegExp(`(?<![\\w-])${flag}(?![\\w-])`).test(help);
}

/** A value a flag takes in a parse check: one of its choices where it has any. */
const SAMPLE: Record<string, string> = { "--mode": "json", "--tui-mode": "regular", "--thinking": "high", "--exposure": "direct", "--kind": "skills" };

let world: CliWorld;
const pi = {} as Record<Help, string>;
const pith = {} as Record<Help, string>;

beforeAll(async () => {
  world = await createCliWorld();
  const pages: [Help, string[]][] = [["main", ["--help"]], ...SUBCOMMANDS.map((name): [Help, string[]] => [name, [name, "--help"]])];
  // pi's nine pages come from one Node 22 process (pi's CLI entry run once per page), pith's from its CLI
  const theirs = runPiMainEach(world, pages.map(([, args]) => args));
  await Promise.all(
    pages.map(async ([page, args]) => {
      const ours = await world.run(args);
      expect(ours.code, `pith ${args.join(" ")}: ${ours.stderr}`).toBe(0);
      pith[page] = ours.stdout;
    }),
  );
  (await theirs).forEach(({ code, stdout }, index) => {
    const [page, args] = pages[index]!;
    expect(code, `pi ${args.join(" ")}`).toBe(0);
    pi[page] = stdout;
  });
}, 240_000);
afterAll(() => world.close());

describe("pith --help beside pi --help", () => {
  it("lists every subcommand pi lists, each with a help page of its own", () => {
    const names = [...pi.main.matchAll(/^ {2}pi ([a-z]+) /gm)].map((match) => match[1]!);
    expect(names).toEqual(expect.arrayContaining([...SUBCOMMANDS]));
    for (const name of new Set(names)) {
      expect(SUBCOMMANDS as readonly string[]).toContain(name);
      expect(pith[name as Help]).toMatch(/^Usage:/);
    }
  });

  it.each(["main", ...SUBCOMMANDS] as Help[])("%s: every option pi lists is listed by pith, or a known difference", (page) => {
    const flags = optionFlags(pi[page]).map((flag) => flag.name);
    expect(flags.length).toBeGreaterThan(0);
    const known = KNOWN_DIFFERENCES[page] ?? [];
    expect(flags.filter((flag) => !known.includes(flag) && !lists(pith[page], flag))).toEqual([]);
    // a known difference that pith has caught up with must leave the list
    expect(known.filter((flag) => lists(pith[page], flag) || !flags.includes(flag))).toEqual([]);
  });

  it("every main option pi lists is accepted by pith's parser, with a value where pi's takes one", () => {
    const refused: string[] = [];
    for (const { name, takesValue } of optionFlags(pi.main)) {
      if (name === "--version" || name === "-v") continue; // exits at once, by design
      const argv = takesValue ? [name, SAMPLE[name] ?? "value"] : [name];
      try {
        const parsed = parseArgs(argv, "0.0.0");
        if (parsed.leftover.includes(name) || parsed.messages.includes(name)) refused.push(`${name}: left over`);
      } catch (error) {
        refused.push(`${name}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
    expect(parseArgs(["-p", "--", "-x", "--model"], "0.0.0").messages).toEqual(["-x", "--model"]);
  });

  it.each(["install", "remove", "uninstall", "update", "list", "config"] as const)("%s: every option pi lists is accepted", (page) => {
    const refused: string[] = [];
    for (const { name, takesValue } of optionFlags(pi[page])) {
      if (name === "-h" || name === "--help") continue;
      const value = takesValue ? [SAMPLE[name] ?? "npm:other"] : [];
      const source = page === "install" || page === "remove" || page === "uninstall" ? ["npm:x"] : [];
      const problem = page === "config" ? parseConfigArgs([name, ...value]).problem : parsePackageCommand([page, ...source, name, ...value]).problem;
      if (problem) refused.push(`${name}: ${problem}`);
    }
    expect(refused).toEqual([]);
  });

  it("auth: pith's usage lines are pi's, and its options are taken", async () => {
    const usage = (help: string, program: string) =>
      [...help.matchAll(new RegExp(`^ {2}${program} auth .*$`, "gm"))].map((match) => match[0].replace(program, "X").replace(/\s+$/, ""));
    expect(usage(pith.auth, "pith")).toEqual(expect.arrayContaining(usage(pi.auth, "pi")));
    const check = await world.run(["auth", "check", "--provider", "nope", "--json", "--credentials", "--no-refresh"]);
    expect(JSON.parse(check.stdout)).toMatchObject({ status: "not_ready", provider: "nope" });
    for (const args of [["print-bearer-token", "--provider", "nope", "--min-expiry", "30m"], ["print-api-key", "--model", "nope/m"]]) {
      const result = await world.run(["auth", ...args]);
      expect(result.code).toBe(1);
      expect(result.stderr).not.toMatch(/unknown option/i);
    }
  });

  it("mcp: the add and remove options pi lists are taken", async () => {
    const add = ["mcp", "add", "docs", "-l", "--url", "http://127.0.0.1:9/mcp", "--header", "X-A=b", "--bearer-token-env-var", "DOCS_TOKEN", "--exposure", "direct", "--description", "the docs"];
    expect(await world.run(add)).toMatchObject({ code: 0, stderr: "" });
    const stdio = ["mcp", "add", "local", "--env", "A=b", "--cwd", world.project, "--", "node", "server.js"];
    expect(await world.run(stdio)).toMatchObject({ code: 0, stderr: "" });
    expect((await world.run(["mcp", "remove", "docs", "-l"])).code).toBe(0);
  });
});
