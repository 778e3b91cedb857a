// Sends loader diagnostics to a plugin's log, so start-up problems are visible but never fatal.
import type { Logger } from "../../../kernel/index.js";
import { describeDiagnostic, type ResourceDiagnostic } from "./diagnostics.js";

export function logDiagnostic(log: Logger, diagnostic: ResourceDiagnostic): void {
  const line = describeDiagnostic(diagnostic);
  if (diagnostic.type === "error") log.error(line);
  else log.warn(line);
}
