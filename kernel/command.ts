// The contract of a slash command: `/name args` typed as a prompt runs its handler instead of a model call.

export interface CommandContext {
  args: string;
  signal: AbortSignal;
}

export interface CommandDefinition {
  name: string;
  description?: string;
  /** where it came from, for listings and conflict reports */
  source?: string;
  handler(args: string, context: CommandContext): Promise<void> | void;
}
