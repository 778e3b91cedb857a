// pi's `RpcClient`: a typed client for a CLI in RPC mode (docs/rpc.md), one method per command. In pith it starts
// pith's own CLI unless `cliPath` names another; the connection is ./rpc-connection.ts.
import type { ImageContent, ThinkingLevel } from "../../../../kernel/index.js";
import { RpcConnection, type RpcEvent, type RpcResponse } from "./rpc-connection.js";

export type { RpcClientOptions, RpcEvent, RpcEventListener } from "./rpc-connection.js";

type Data = Record<string, unknown>;
type Disposition = "started" | "queued" | "handled";
type Cancellable = { cancelled: boolean };

const IDLE_TIMEOUT_MS = 60_000;

function dataOf<T>(response: RpcResponse): T {
  if (!response.success) throw new Error(response.error);
  return response.data as T;
}

export class RpcClient extends RpcConnection {
  /** a command whose answer is data: a failed response rejects with its error */
  private async call<T>(type: string, fields: Data = {}): Promise<T> {
    return dataOf<T>(await this.send({ type, ...fields }));
  }

  /** a command without data: as pi's client, it resolves once answered, whether the command succeeded or not */
  private async tell(type: string, fields: Data = {}): Promise<void> {
    await this.send({ type, ...fields });
  }

  async prompt(message: string, images?: ImageContent[], streamingBehavior?: "steer" | "followUp"): Promise<Disposition> {
    return (await this.call<{ disposition: Disposition }>("prompt", { message, images, streamingBehavior })).disposition;
  }
  async steer(message: string, images?: ImageContent[]): Promise<Disposition> {
    return (await this.call<{ disposition: Disposition }>("steer", { message, images })).disposition;
  }
  async followUp(message: string, images?: ImageContent[]): Promise<Disposition> {
    return (await this.call<{ disposition: Disposition }>("follow_up", { message, images })).disposition;
  }
  abort() {
    return this.tell("abort");
  }
  clearQueue() {
    return this.call<{ steering: string[]; followUp: string[] }>("clear_queue");
  }
  newSession(parentSession?: string) {
    return this.call<Cancellable>("new_session", { parentSession });
  }
  getState() {
    return this.call<Data>("get_state");
  }
  setModel(provider: string, modelId: string) {
    return this.call<Data>("set_model", { provider, modelId });
  }
  cycleModel() {
    return this.call<Data | null>("cycle_model");
  }
  async getAvailableModels() {
    return (await this.call<{ models: Data[] }>("get_available_models")).models;
  }
  setThinkingLevel(level: ThinkingLevel) {
    return this.tell("set_thinking_level", { level });
  }
  cycleThinkingLevel() {
    return this.call<{ level: ThinkingLevel } | null>("cycle_thinking_level");
  }
  async getAvailableThinkingLevels() {
    return (await this.call<{ levels: ThinkingLevel[] }>("get_available_thinking_levels")).levels;
  }
  setSteeringMode(mode: "all" | "one-at-a-time") {
    return this.tell("set_steering_mode", { mode });
  }
  setFollowUpMode(mode: "all" | "one-at-a-time") {
    return this.tell("set_follow_up_mode", { mode });
  }
  compact(customInstructions?: string) {
    return this.call<Data>("compact", { customInstructions });
  }
  setAutoCompaction(enabled: boolean) {
    return this.tell("set_auto_compaction", { enabled });
  }
  setAutoRetry(enabled: boolean) {
    return this.tell("set_auto_retry", { enabled });
  }
  abortRetry() {
    return this.tell("abort_retry");
  }
  bash(command: string) {
    return this.call<Data>("bash", { command });
  }
  abortBash() {
    return this.tell("abort_bash");
  }
  getSessionStats() {
    return this.call<Data>("get_session_stats");
  }
  exportHtml(outputPath?: string) {
    return this.call<{ path: string }>("export_html", { outputPath });
  }
  switchSession(sessionPath: string) {
    return this.call<Cancellable>("switch_session", { sessionPath });
  }
  fork(entryId: string) {
    return this.call<{ text: string; cancelled: boolean }>("fork", { entryId });
  }
  clone() {
    return this.call<Cancellable>("clone");
  }
  async getForkMessages() {
    return (await this.call<{ messages: { entryId: string; text: string }[] }>("get_fork_messages")).messages;
  }
  getEntries(since?: string) {
    return this.call<{ entries: Data[]; leafId: string | null }>("get_entries", { since });
  }
  getTree() {
    return this.call<{ tree: Data[]; leafId: string | null }>("get_tree");
  }
  async getLastAssistantText() {
    return (await this.call<{ text: string | null }>("get_last_assistant_text")).text;
  }
  setSessionName(name: string) {
    return this.tell("set_session_name", { name });
  }
  async getMessages() {
    return (await this.call<{ messages: Data[] }>("get_messages")).messages;
  }
  async getCommands() {
    return (await this.call<{ commands: Data[] }>("get_commands")).commands;
  }

  /** resolves at the next `agent_settled` */
  async waitForIdle(timeout = IDLE_TIMEOUT_MS): Promise<void> {
    await this.eventsUntilSettled(timeout, "Timeout waiting for agent to become idle");
  }

  /** every event until the next `agent_settled`, that one included */
  collectEvents(timeout = IDLE_TIMEOUT_MS): Promise<RpcEvent[]> {
    return this.eventsUntilSettled(timeout, "Timeout collecting events");
  }

  async promptAndWait(message: string, images?: ImageContent[], timeout = IDLE_TIMEOUT_MS): Promise<RpcEvent[]> {
    const events = this.collectEvents(timeout);
    await this.prompt(message, images);
    return events;
  }

  private eventsUntilSettled(timeout: number, failure: string): Promise<RpcEvent[]> {
    return new Promise((resolve, reject) => {
      const events: RpcEvent[] = [];
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`${failure}. Stderr: ${this.getStderr()}`));
      }, timeout);
      const stop = this.onEvent((event) => {
        events.push(event);
        if (event.type !== "agent_settled") return;
        clearTimeout(timer);
        stop();
        resolve(events);
      });
    });
  }
}
