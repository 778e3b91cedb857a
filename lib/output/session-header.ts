// The service through which a persistence plugin offers the real header of its session file to an output mode
// (`--mode json` opens with it, as pi's does). Declared here, beside neither side, so a program that holds only
// the provider or only the reader still knows the service's name.
export interface SessionHeaderSource {
  header(): Record<string, unknown>;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    sessionHeader: SessionHeaderSource;
  }
}
