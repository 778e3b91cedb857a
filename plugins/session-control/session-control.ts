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

/** pi 1.6.0 keeps a model change to the session unless it is saved (its ctrl+s) */
export interface ModelChangeOptions extends SettingsWriteOptions {
  /** also the default of later sessions (`defaultProvider`/`defaultModel`) */
  persist?: boolean;
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
  /** a model with a key, for this session; with `persist` also the default of later sessions */
  setModel(provider: string, modelId: string, options?: ModelChangeOptions): Promise<Model>;
  /** the next model with a key (for this session, unless `persist`); undefined when there is at most one */
  cycleModel(direction?: "forward" | "backward", options?: ModelChangeOptions): Promise<CycledModel | undefined>;
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

  async setModel(provider: string, modelId: string, options: ModelChangeOptions = {}): Promise<Model> {
    const model = await this.need("modelSwitch", "change the model").setModel(provider, modelId);
    if (options.persist) await this.saveDefaultModel(model, options);
    return model;
  }

  async cycleModel(direction?: "forward" | "backward", options: ModelChangeOptions = {}): Promise<CycledModel | undefined> {
    const cycled = await this.need("modelSwitch", "cycle models").cycleModel(direction);
    if (cycled && options.persist) await this.saveDefaultModel(cycled.model, options);
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

  /**
   * The default of later sessions; as pi 1.6.0 does, a default outside a non-empty model scope joins it (the
   * session's scope, and `enabledModels` when that setting lists models), so cycling still reaches it.
   */
  private async saveDefaultModel(model: Model, options: SettingsWriteOptions): Promise<void> {
    const settings = this.need("settings", "save the default model");
    await settings.set("defaultProvider", model.provider, "global", options);
    await settings.set("defaultModel", model.id, "global", options);
    const modelSwitch = this.need("modelSwitch", "save the default model");
    const { scoped } = modelSwitch.scopedModels();
    if (scoped.length === 0 || scoped.some((entry) => entry.model.provider === model.provider && entry.model.id === model.id)) return;
    const reference = `${model.provider}/${model.id}`;
    modelSwitch.setScope([...modelSwitch.scopePatterns(), reference]);
    const enabled = settings.get().enabledModels ?? [];
    if (enabled.length > 0 && !enabled.some((pattern) => pattern.toLowerCase() === reference.toLowerCase())) {
      await settings.set("enabledModels", [...enabled, reference], "global", options);
    }
  }

  private need<K extends ServiceName>(name: K, action: string): PithServices[K] {
    return requireService(this.host.use, name, action);
  }
}
