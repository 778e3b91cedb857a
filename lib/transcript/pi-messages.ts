// The message roles pi keeps in a conversation besides the kernel's: a user's `!cmd` run, and the summaries that
// stand for compacted history and for a branch the conversation came back from. They join the kernel's
// `AgentMessage` by declaration merging; `convertToLlm` (./convert-to-llm.ts) says how the model sees them.

/** A user `!cmd` run (interactive or RPC `bash`), kept in the conversation. */
export interface BashExecutionMessage {
  role: "bashExecution";
  command: string;
  output: string;
  exitCode: number | undefined;
  cancelled: boolean;
  truncated: boolean;
  fullOutputPath?: string;
  excludeFromContext?: boolean;
  timestamp: number;
}

export interface CompactionSummaryMessage {
  role: "compactionSummary";
  summary: string;
  tokensBefore: number;
  timestamp: number;
}

export interface BranchSummaryMessage {
  role: "branchSummary";
  summary: string;
  fromId: string;
  timestamp: number;
}

declare module "../../kernel/index.js" {
  interface CustomAgentMessages {
    bashExecution: BashExecutionMessage;
    compactionSummary: CompactionSummaryMessage;
    branchSummary: BranchSummaryMessage;
  }
}
