// The answers a user can give when asked whether to trust a project (pi 1.6.0's prompt and `/trust`), each with
// what it saves in trust.json. "this session only" answers save nothing.
import { dirname } from "node:path";
import type { TrustUpdate } from "./trust-store.js";

export interface TrustChoice {
  label: string;
  trusted: boolean;
  /** what trust.json gets; empty for a decision that holds for this process only */
  updates: TrustUpdate[];
}

/** `project` is the canonical project folder; `sessionOnly` adds the two answers that save nothing. */
export function trustChoices(project: string, options: { sessionOnly?: boolean } = {}): TrustChoice[] {
  const choices: TrustChoice[] = [{ label: "Trust", trusted: true, updates: [{ path: project, decision: true }] }];
  const parent = dirname(project);
  if (parent !== project) {
    choices.push({
      label: `Trust parent folder (${parent})`,
      trusted: true,
      // the parent's entry must not be shadowed by an older one for the project itself
      updates: [
        { path: parent, decision: true },
        { path: project, decision: null },
      ],
    });
  }
  if (options.sessionOnly) choices.push({ label: "Trust (this session only)", trusted: true, updates: [] });
  choices.push({ label: "Do not trust", trusted: false, updates: [{ path: project, decision: false }] });
  if (options.sessionOnly) choices.push({ label: "Do not trust (this session only)", trusted: false, updates: [] });
  return choices;
}

export function trustPromptTitle(project: string): string {
  return `Trust project folder?\n${project}\n\nTrusting lets pith load this folder's .pi settings and resources, install the packages its settings name, and run its extensions.`;
}
