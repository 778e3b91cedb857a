// Problems found while loading skills, prompt templates and themes, in pi's `ResourceDiagnostic` shape.

export type ResourceType = "skill" | "prompt" | "theme";

export interface ResourceCollision {
  resourceType: ResourceType;
  name: string;
  /** the file that was kept (it came first in precedence order) */
  winnerPath: string;
  /** the file that was left out */
  loserPath: string;
}

export interface ResourceDiagnostic {
  type: "warning" | "error" | "collision";
  message: string;
  path?: string;
  collision?: ResourceCollision;
}

/** Receives diagnostics as a loader finds them, so the caller decides where they are kept. */
export type DiagnosticSink = (diagnostic: ResourceDiagnostic) => void;

/** One log line: the message, then the path it is about. */
export function describeDiagnostic(diagnostic: ResourceDiagnostic): string {
  return diagnostic.path && !diagnostic.collision ? `${diagnostic.message} (${diagnostic.path})` : diagnostic.message;
}
