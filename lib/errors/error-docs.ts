// docs/errors.md's table, rendered from ERROR_CODES (test/architecture/error-codes.test.ts keeps the file equal).
import { ERROR_CODES } from "./error-codes.js";

export function renderErrorTable(): string {
  const rows = Object.entries(ERROR_CODES)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, info]) => `| \`${code}\` | ${info.owner} | ${info.meaning} | ${info.action} |`);
  return ["| code | from | what happened | what to do |", "|---|---|---|---|", ...rows].join("\n");
}
