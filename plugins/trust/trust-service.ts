// The "projectTrust" service: the decision in force for this process (what `ctx.isProjectTrusted()` reports),
// the answers `/trust` and the start-up prompt offer, recording one, and deciding again for another folder.
import type { Logger } from "../../kernel/index.js";
import type { ProjectTrustHooks, ProjectTrustUI } from "./trust-hook.js";
import { askTrustHandlers, trustEvent } from "./trust-asker.js";
import { findGatedResources } from "./gated-resources.js";
import { resolveProjectTrust, type DefaultProjectTrust, type ProjectTrustState, type TrustPrompt } from "./resolve-trust.js";
import { trustChoices, trustPromptTitle, type TrustChoice } from "./trust-choices.js";
import type { TrustEntry, TrustStore } from "./trust-store.js";

export interface ProjectTrustService {
  /** the decision in force: project resources loaded (true) or skipped (false) */
  readonly trusted: boolean;
  readonly state: ProjectTrustState;
  /** the trust.json file decisions are saved in */
  readonly file: string;
  /** the answers to offer for the current project; `sessionOnly` adds the two that save nothing */
  choices(options?: { sessionOnly?: boolean }): TrustChoice[];
  promptTitle(): string;
  /** Saves what a choice saves, for later runs. Resources already loaded stay as they are until a reload. */
  record(choice: TrustChoice, signal?: AbortSignal): Promise<void>;
  /** the decision trust.json holds now for the project or its nearest parent */
  saved(): Promise<TrustEntry | undefined>;
  /**
   * Saves "trusted" for the start-up folder when it was trusted only because it had no gated resources then, has
   * some now (the agent made them during the session) and nothing is saved for it: what pi 1.6.0 does on /reload.
   * Once per process; true when it saved.
   */
  saveImplicitTrust(signal?: AbortSignal): Promise<boolean>;
  /** Decides again for `cwd` (a session moved to another folder): handlers, saved decisions, default, prompt. */
  resolve(cwd: string, options?: { prompt?: TrustPrompt; signal?: AbortSignal }): Promise<ProjectTrustState>;
}

export interface TrustServiceConfig {
  store: TrustStore;
  initial: ProjectTrustState;
  /** the command-line decision, which holds for every folder this process enters */
  override?: boolean;
  defaultProjectTrust: () => DefaultProjectTrust;
  legacyTrusted: () => readonly string[];
  hooks: ProjectTrustHooks;
  /** told every new decision (the settings service applies or drops the project's file) */
  onDecided(state: ProjectTrustState): void;
  mode: string;
  ui?: ProjectTrustUI;
  /** where a handler's notes go when there is no UI */
  log?: Logger;
}

export function createTrustService(config: TrustServiceConfig): ProjectTrustService {
  let state = config.initial;
  let implicitlyTrusted: string | undefined = config.initial.source === "no-gated-resources" ? config.initial.cwd : undefined;
  const decided = new Map<string, ProjectTrustState>([[state.cwd, state]]);
  return {
    get trusted() {
      return state.trusted;
    },
    get state() {
      return state;
    },
    file: config.store.file,
    choices: (options) => trustChoices(state.cwd, options),
    promptTitle: () => trustPromptTitle(state.cwd),
    async record(choice, signal) {
      if (choice.updates.length > 0) await config.store.save(choice.updates, signal);
    },
    saved: () => config.store.nearest(state.cwd),
    async saveImplicitTrust(signal) {
      if (implicitlyTrusted === undefined || state.cwd !== implicitlyTrusted || !state.trusted) return false;
      if ((await findGatedResources(state.cwd)).length === 0) return false;
      implicitlyTrusted = undefined;
      if (await config.store.nearest(state.cwd)) return false;
      await config.store.save([{ path: state.cwd, decision: true }], signal);
      return true;
    },
    async resolve(cwd, options = {}) {
      state =
        decided.get(cwd) ??
        (await resolveProjectTrust({
          cwd,
          store: config.store,
          override: config.override,
          defaultProjectTrust: config.defaultProjectTrust(),
          legacyTrusted: config.legacyTrusted(),
          askHandlers: ({ cwd }) => askTrustHandlers(config.hooks, trustEvent(cwd, config)),
          prompt: options.prompt,
          signal: options.signal,
        }));
      decided.set(cwd, state);
      decided.set(state.cwd, state);
      config.onDecided(state);
      return state;
    },
  };
}
