// Two extensions registering the same tool, command or flag: one wins by an explicit rule, the other is reported
// with both files, and start-up goes on. The rule: `-e` extensions win over SDK ones, those over the project's,
// the project's over global ones, global ones over packages; within one place the later one wins.
import { PithError } from "../../../kernel/index.js";
import type { ExtensionPlace } from "../loading/discovery.js";
import type { ExtensionRecord } from "../instance/extension-record.js";

const PLACE_RANK: Readonly<Record<ExtensionPlace, number>> = { cli: 4, sdk: 3, project: 2, global: 1, package: 0 };

const PLACE_NAME: Readonly<Record<ExtensionPlace, string>> = {
  cli: "-e",
  sdk: "SDK",
  project: "project",
  global: "global",
  package: "package",
};

/** Whether `a` wins a name both registered. */
export function outranks(a: ExtensionRecord, b: ExtensionRecord): boolean {
  const rankA = PLACE_RANK[a.source.place];
  const rankB = PLACE_RANK[b.source.place];
  return rankA !== rankB ? rankA > rankB : a.order > b.order;
}

export interface Claim<T> {
  name: string;
  record: ExtensionRecord;
  value: T;
}

/** The winning claim per name, and a report for each losing one. */
export function resolveClaims<T>(kind: string, claims: readonly Claim<T>[]): { winners: Map<string, Claim<T>>; conflicts: PithError[] } {
  const winners = new Map<string, Claim<T>>();
  const losers: Claim<T>[] = [];
  for (const claim of claims) {
    const current = winners.get(claim.name);
    if (!current) winners.set(claim.name, claim);
    else if (outranks(claim.record, current.record)) {
      losers.push(current);
      winners.set(claim.name, claim);
    } else losers.push(claim);
  }
  const conflicts = losers.map((loser) => conflictError(kind, loser.name, winners.get(loser.name)!.record, loser.record));
  return { winners, conflicts };
}

export function conflictError(kind: string, name: string, winner: ExtensionRecord, loser: ExtensionRecord): PithError {
  const describe = (record: ExtensionRecord) => `${record.display} (${PLACE_NAME[record.source.place]})`;
  return new PithError(
    "EXTENSION_CONFLICT",
    `${kind} "${name}" is registered by ${describe(winner)} and by ${describe(loser)}; using ${winner.display}. ` +
      "(-e extensions win over project ones, project over global, and a later one over an earlier one from the same place.)",
    { plugin: loser.owner, hook: `register_${kind}` },
  );
}
