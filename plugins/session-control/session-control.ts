// The "sessionControl" service: the one implementation of what changes a session beyond a prompt — moving to
// another conversation, and the choices pi saves to the global settings (queue modes, the default model,
// auto-compaction, auto-retry). RPC commands, PithSession and extensions' `ctx` all call it, so each behaves alike
// whichever way it is reached.
import type { Model, PithServices, QueueMode, ServiceName } from "../../kernel/index.js";
import type { ForkPosition } from "../sessions/index.js";
import type { CycledModel } from "../session-services/model-switch.js";
import { navigateTree, type NavigateTreeOptions, type NavigateTreeResult } from "./navigate-tree.js";
import { reloadSession } from "./rebuild.js";
import { requireService } from "./require-service.js";
import { cloneSession, forkSession, newSession, switchSession, type ForkMoveResult, type MoveHost, type MoveResult, type NewSessionOptions } from "./session-moves.js";

export interface SettingsWriteOptions {
  signal?: AbortSignal;
}

export interface SessionControlService {
  newSession(options?: NewSessionOptions): Promise<MoveResult>;
  /** a stored session of this project, by file path or id prefix */
  switchSession(session: string, options?: { signal?: AbortSignal }): Promise<MoveResult>;
  /** `before` (default) a user message, whose text comes back for editing; or `at` any entry */
  fork(entryId: string, position?: ForkPosition): Promise<ForkMoveResult>;
  clone(): Promise<MoveResult>;
  navigateTree(targetId: string, options?: NavigateTreeOptions): Promise<NavigateTreeResult>;
  /** pi's `/reload`: settings, extensions (new instances), context files, skills and templates; see rebuild.ts */
  reload(options?: { signal?: AbortSignal }): Promise<void>;
  /** a model with a key; saved as `defaultProvider`/`defaultModel` */
  setModel(provider: string, modelId: string, options?: SettingsWriteOptions): Promise<Model>;
  /** the next model with a key (saved like setModel); undefined when there is at most one */
  cycleModel(direction?: "forward" | "backward", options?: SettingsWriteOptions): Promise<CycledModel | undefined>;
  /** applied now and saved as `steeringMode` */
  setSteeringMode(mode: QueueMode, options?: SettingsWriteOptions): Promise<void>;
  /** applied now and saved as `followUpMode` */
  setFollowUpMode(mode: QueueMode, options?: SettingsWriteOptions): Promise<void>;
  /** saved as `compaction.enabled` */
  setAutoCompaction(enabled: boolean, options?: SettingsWriteOptions): Promise<void>;
  /** saved as `retry.enabled` */
  setAutoRetry(enabled: boolean, options?: SettingsWriteOptions): Promise<void>;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    sessionControl: SessionControlService;
  }
}

export class SessionControl implements SessionControlService {
  constructor(private readonly host: MoveHost) {}

  newSession(options?: NewSessionOptions): Promise<MoveResult> {
    return newSession(this.host, options);
  }

  switchSession(session: string, options: { signal?: AbortSignal } = {}): Promise<MoveResult> {
    return switchSession(this.host, session, options.signal);
  }

  fork(entryId: string, position: ForkPosition = "before"): Promise<ForkMoveResult> {
    return forkSession(this.host, entryId, position);
  }

  clone(): Promise<MoveResult> {
    return cloneSession(this.host);
  }

  navigateTree(targetId: string, options?: NavigateTreeOptions): Promise<NavigateTreeResult> {
    return navigateTree(this.host, targetId, options);
  }

  reload(options: { signal?: AbortSignal } = {}): Promise<void> {
    return reloadSession(this.host, options.signal);
  }

  async setModel(provider: string, modelId: string, options: SettingsWriteOptions = {}): Promise<Model> {
    const model = await this.need("modelSwitch", "change the model").setModel(provider, modelId);
    await this.saveDefaultModel(model, options);
    return model;
  }

  async cycleModel(direction?: "forward" | "backward", options: SettingsWriteOptions = {}): Promise<CycledModel | undefined> {
    const cycled = await this.need("modelSwitch", "cycle models").cycleModel(direction);
    if (cycled) await this.saveDefaultModel(cycled.model, options);
    return cycled;
  }

  async setSteeringMode(mode: QueueMode, options: SettingsWriteOptions = {}): Promise<void> {
    this.host.agent.setSteeringMode(mode);
    await this.need("settings", "save the steering mode").set("steeringMode", mode, "global", options);
  }

  async setFollowUpMode(mode: QueueMode, options: SettingsWriteOptions = {}): Promise<void> {
    this.host.agent.setFollowUpMode(mode);
    await this.need("settings", "save the follow-up mode").set("followUpMode", mode, "global", options);
  }

  setAutoCompaction(enabled: boolean, options: SettingsWriteOptions = {}): Promise<void> {
    return this.need("settings", "change auto-compaction").set("compaction.enabled", enabled, "global", options);
  }

  setAutoRetry(enabled: boolean, options: SettingsWriteOptions = {}): Promise<void> {
    return this.need("settings", "change auto-retry").set("retry.enabled", enabled, "global", options);
  }

  /** pi makes the model the user picked the default of later sessions. */
  private async saveDefaultModel(model: Model, options: SettingsWriteOptions): Promise<void> {
    const settings = this.need("settings", "save the default model");
    await settings.set("defaultProvider", model.provider, "global", options);
    await settings.set("defaultModel", model.id, "global", options);
  }

  private need<K extends ServiceName>(name: K, action: string): PithServices[K] {
    return requireService(this.host.use, name, action);
  }
}
