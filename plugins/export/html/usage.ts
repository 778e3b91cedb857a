// Token usage and cost: one line under each reply, and the session's totals over the branch.
import { count, money, numberField } from "./blocks.js";
import { isRecord } from "../branch-source.js";

export class UsageTotals {
  input = 0;
  output = 0;
  cacheRead = 0;
  cacheWrite = 0;
  cost = 0;
  replies = 0;
  userMessages = 0;
  toolCalls = 0;

  add(usage: unknown): void {
    if (!isRecord(usage)) return;
    this.input += numberField(usage, "input");
    this.output += numberField(usage, "output");
    this.cacheRead += numberField(usage, "cacheRead");
    this.cacheWrite += numberField(usage, "cacheWrite");
    this.cost += numberField(usage.cost, "total");
  }
}

/** "in 1,200 · out 340 · cache read 5,000 · $0.0123", leaving out what is zero; "" when there is nothing */
export function usageLine(usage: unknown): string {
  if (!isRecord(usage)) return "";
  const parts = [
    ["in", numberField(usage, "input")],
    ["out", numberField(usage, "output")],
    ["cache read", numberField(usage, "cacheRead")],
    ["cache write", numberField(usage, "cacheWrite")],
  ]
    .filter(([, value]) => (value as number) > 0)
    .map(([label, value]) => `${label} ${count(value as number)}`);
  const cost = numberField(usage.cost, "total");
  if (cost > 0) parts.push(money(cost));
  return parts.join(" · ");
}

export function totalsHtml(totals: UsageTotals): string {
  const rows: [string, string][] = [
    ["Messages", `${count(totals.userMessages)} from the user, ${count(totals.replies)} replies, ${count(totals.toolCalls)} tool calls`],
    ["Tokens", `${count(totals.input)} in, ${count(totals.output)} out, ${count(totals.cacheRead)} cache read, ${count(totals.cacheWrite)} cache write`],
    ["Cost", money(totals.cost)],
  ];
  return `<dl class="totals">${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join("")}</dl>`;
}
