// pi 1.6.0's `SettingsManager` as pith serves it to extensions (dist/core/settings-manager.d.ts): every member pi
// declares, with pi's defaults and value rules, over the same settings.json files pith's settings service reads
// (./settings-store.ts keeps the layers and writes). Getters read the effective settings; setters write the
// global file, and the `setProject*` ones the project's.
import { randomUUID } from "node:crypto";
import { expandTilde } from "../../../../../lib/agent-dir/agent-dir.js";
import { DEFAULT_SETTINGS } from "../../../../settings/schema/defaults.js";
import { getAgentDir } from "../agent-dir.js";
import { selectedTools, parseSettingsText, type JsonObject } from "./settings-layers.js";
import { FileSettingsStorage, InMemorySettingsStorage, settingsFilePaths, type SettingsStorage } from "./settings-storage.js";
import { SettingsStore } from "./settings-store.js";

export interface SettingsManagerCreateOptions {
  projectTrusted?: boolean;
}

type Model = { provider: string; id: string };

const D = DEFAULT_SETTINGS;
/** pi's idle timeout for model requests when `httpIdleTimeoutMs` is not set */
const HTTP_IDLE_TIMEOUT_MS = 300_000;
const TREE_FILTERS = ["default", "no-tools", "user-only", "labeled-only", "all"];

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
const oneOf = <T>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, Math.floor(value)));
const pathSetting = (value: unknown) => (typeof value === "string" && value ? expandTilde(value) : (value as string | undefined));

/** A timeout setting: a whole number of ms, a numeric string, or "disabled" (0); anything else set is an error. */
function timeoutSetting(value: unknown, name: string): number | undefined {
  const text = typeof value === "string" ? value.trim() : undefined;
  if (text?.toLowerCase() === "disabled") return 0;
  const number = text === undefined ? value : text === "" ? undefined : Number(text);
  if (typeof number === "number" && Number.isFinite(number) && number >= 0) return Math.floor(number);
  if (value !== undefined && text !== "") throw new Error(`Invalid ${name} setting: ${String(value)}`);
  return undefined;
}

export class SettingsManager extends SettingsStore {
  /** Settings read from `<agentDir>/settings.json` and `<cwd>/.pi/settings.json`. */
  static create(cwd: string, agentDir?: string, options: SettingsManagerCreateOptions = {}): SettingsManager {
    const dir = agentDir ?? getAgentDir();
    return new SettingsManager(new FileSettingsStorage(cwd, dir), options.projectTrusted ?? true, settingsFilePaths(cwd, dir));
  }

  static fromStorage(storage: SettingsStorage, options: SettingsManagerCreateOptions = {}): SettingsManager {
    return new SettingsManager(storage, options.projectTrusted ?? true);
  }

  /** Settings kept in memory only, starting from `settings` as the global layer. */
  static inMemory(settings: JsonObject = {}, options: SettingsManagerCreateOptions = {}): SettingsManager {
    const storage = new InMemorySettingsStorage();
    storage.withLock("global", () => JSON.stringify(parseSettingsText(JSON.stringify(settings))));
    return SettingsManager.fromStorage(storage, options);
  }

  private get s(): JsonObject {
    return this.effective;
  }
  private inner(field: string): JsonObject | undefined {
    const value = this.s[field];
    return isObject(value) ? value : undefined;
  }

  getLastChangelogVersion() { return this.s.lastChangelogVersion as string | undefined; }
  setLastChangelogVersion(version: string) { this.setGlobal("lastChangelogVersion", version); }
  getExtensionChangelogVersion(key: string) { return this.inner("extensionChangelogVersions")?.[key] as string | undefined; }
  setExtensionChangelogVersion(key: string, version: string) { this.setGlobal("extensionChangelogVersions", version, key); }
  getSessionDir() { return pathSetting(this.s.sessionDir); }
  getDefaultProvider() { return this.s.defaultProvider as string | undefined; }
  getDefaultModel() { return this.s.defaultModel as string | undefined; }
  setDefaultProvider(provider: string) { this.setGlobal("defaultProvider", provider); }
  setDefaultModel(modelId: string) { this.setGlobal("defaultModel", modelId); }
  setDefaultModelAndProvider(provider: string, modelId: string): void {
    this.global.defaultProvider = provider;
    this.markChanged("global", "defaultProvider");
    this.setGlobal("defaultModel", modelId);
  }
  getSteeringMode() { return (this.s.steeringMode || D.steeringMode) as "all" | "one-at-a-time"; }
  setSteeringMode(mode: "all" | "one-at-a-time") { this.setGlobal("steeringMode", mode); }
  getFollowUpMode() { return (this.s.followUpMode || D.followUpMode) as "all" | "one-at-a-time"; }
  setFollowUpMode(mode: "all" | "one-at-a-time") { this.setGlobal("followUpMode", mode); }
  getThemeSetting() { return (typeof this.s.theme === "string" ? this.s.theme : undefined); }
  /** a theme given as a file path is not a theme name */
  getTheme() { return (this.getThemeSetting()?.includes("/") ? undefined : this.getThemeSetting()); }
  setTheme(theme: string) { this.setGlobal("theme", theme); }
  getDefaultThinkingLevel() { return this.s.defaultThinkingLevel as string | undefined; }
  setDefaultThinkingLevel(level: string) { this.setGlobal("defaultThinkingLevel", level); }
  getModelThinkingLevel(provider: string, modelId: string) { return this.inner("modelThinkingLevels")?.[`${provider}/${modelId}`] as string | undefined; }
  getAllModelThinkingLevels() { return ({ ...this.inner("modelThinkingLevels") }) as Record<string, string>; }
  setModelThinkingLevel(provider: string, modelId: string, level: string): void {
    this.setGlobal("modelThinkingLevels", { ...(this.global.modelThinkingLevels as JsonObject | undefined), [`${provider}/${modelId}`]: level });
  }
  removeModelThinkingLevel(provider: string, modelId: string): void {
    const levels = this.global.modelThinkingLevels as JsonObject | undefined;
    if (!levels) return;
    const { [`${provider}/${modelId}`]: _removed, ...rest } = levels;
    if (Object.keys(rest).length > 0) this.global.modelThinkingLevels = rest;
    else delete this.global.modelThinkingLevels;
    this.markChanged("global", "modelThinkingLevels");
    this.save("global");
  }
  getTransport() { return (this.s.transport ?? D.transport) as string; }
  setTransport(transport: string) { this.setGlobal("transport", transport); }
  getSessionShareDestination() { return oneOf(this.s.sessionShareDestination, ["gist", "radius"], D.sessionShareDestination as string); }
  setSessionShareDestination(destination: string) { this.setGlobal("sessionShareDestination", destination); }
  getCompactionEnabled() { return (this.inner("compaction")?.enabled ?? D.compaction.enabled) as boolean; }
  setCompactionEnabled(enabled: boolean) { this.setGlobal("compaction", enabled, "enabled"); }
  getCompactionReserveTokens(model?: Model) { return this.compactionTokens("reserveTokens", model); }
  getCompactionKeepRecentTokens(model?: Model) { return this.compactionTokens("keepRecentTokens", model); }
  getCompactionSettings(model?: Model) {
    return ({
    enabled: this.getCompactionEnabled(),
    reserveTokens: this.getCompactionReserveTokens(model),
    keepRecentTokens: this.getCompactionKeepRecentTokens(model),
  });
  }
  /** a model's override, else the setting, else the default; a value that is not a whole number >= 0 is an error */
  private compactionTokens(field: "reserveTokens" | "keepRecentTokens", model?: Model): number {
    const compaction = this.inner("compaction");
    const checked = (value: unknown, name: string) => {
      if (value !== undefined && (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)) {
        throw new Error(`Invalid ${name} setting: ${String(value)}. Expected a non-negative safe integer.`);
      }
      return value as number | undefined;
    };
    const ordinary = checked(compaction?.[field], `compaction.${field}`);
    const key = model && `${model.provider}/${model.id}`;
    const entry = key === undefined ? undefined : (compaction?.modelOverrides as JsonObject | undefined)?.[key];
    if (entry !== undefined && !isObject(entry)) throw new Error(`Invalid compaction.modelOverrides["${key}"] setting: ${String(entry)}. Expected an object.`);
    return checked(entry?.[field], `compaction.modelOverrides["${key}"].${field}`) ?? ordinary ?? D.compaction[field];
  }
  getBranchSummarySettings() {
    return ({
    reserveTokens: (this.inner("branchSummary")?.reserveTokens ?? D.branchSummary.reserveTokens) as number,
    skipPrompt: this.getBranchSummarySkipPrompt(),
  });
  }
  getBranchSummarySkipPrompt() { return (this.inner("branchSummary")?.skipPrompt ?? D.branchSummary.skipPrompt) as boolean; }
  getRetryEnabled() { return (this.inner("retry")?.enabled ?? D.retry.enabled) as boolean; }
  setRetryEnabled(enabled: boolean) { this.setGlobal("retry", enabled, "enabled"); }
  getRetrySettings() {
    return ({
    enabled: this.getRetryEnabled(),
    maxRetries: (this.inner("retry")?.maxRetries ?? D.retry.maxRetries) as number,
    baseDelayMs: (this.inner("retry")?.baseDelayMs ?? D.retry.baseDelayMs) as number,
    maxAgentDelayMs: (this.inner("retry")?.maxAgentDelayMs ?? D.retry.maxAgentDelayMs) as number,
  });
  }
  getHttpIdleTimeoutMs() { return timeoutSetting(this.s.httpIdleTimeoutMs, "httpIdleTimeoutMs") ?? HTTP_IDLE_TIMEOUT_MS; }
  setHttpIdleTimeoutMs(timeoutMs: number): void {
    if (!Number.isFinite(timeoutMs) || timeoutMs < 0) throw new Error(`Invalid httpIdleTimeoutMs setting: ${String(timeoutMs)}`);
    this.setGlobal("httpIdleTimeoutMs", Math.floor(timeoutMs));
  }
  /** the global file's only: a project cannot turn on warming, which costs money */
  getCacheWarmingMode() { return oneOf(this.global.cacheWarming, ["off", "streaming", "idle"], D.cacheWarming as string); }
  setCacheWarmingMode(mode: string) { this.setGlobal("cacheWarming", mode); }
  getProviderRetrySettings() {
    const provider = this.inner("retry")?.provider as JsonObject | undefined;
    return {
      timeoutMs: provider?.timeoutMs as number | undefined,
      maxRetries: provider?.maxRetries as number | undefined,
      maxRetryDelayMs: (provider?.maxRetryDelayMs ?? D.retry.provider.maxRetryDelayMs) as number,
    };
  }
  getWebSocketConnectTimeoutMs() { return timeoutSetting(this.s.websocketConnectTimeoutMs, "websocketConnectTimeoutMs"); }
  getHideThinkingBlock() { return (this.s.hideThinkingBlock ?? D.hideThinkingBlock) as boolean; }
  getShowCacheMissNotices() { return (this.s.showCacheMissNotices ?? D.showCacheMissNotices) as boolean; }
  getExternalEditorCommand(): string {
    const configured = this.s.externalEditor;
    if (typeof configured === "string" && configured.trim() !== "") return configured;
    return process.env.VISUAL || process.env.EDITOR || (process.platform === "win32" ? "notepad" : "nano");
  }
  setHideThinkingBlock(hide: boolean) { this.setGlobal("hideThinkingBlock", hide); }
  setShowCacheMissNotices(show: boolean) { this.setGlobal("showCacheMissNotices", show); }
  getShellPath() { return pathSetting(this.s.shellPath); }
  setShellPath(path: string | undefined) { this.setGlobal("shellPath", path); }
  getQuietStartup() { return oneOf<boolean | string>(this.s.quietStartup, [true, "header"], D.quietStartup); }
  setQuietStartup(quiet: boolean | string) { this.setGlobal("quietStartup", quiet); }
  /** the global file's only: a project cannot trust itself */
  getDefaultProjectTrust() { return oneOf(this.global.defaultProjectTrust, ["always", "never"], D.defaultProjectTrust as string); }
  setDefaultProjectTrust(trust: string) { this.setGlobal("defaultProjectTrust", trust); }
  getShellCommandPrefix() { return this.s.shellCommandPrefix as string | undefined; }
  setShellCommandPrefix(prefix: string | undefined) { this.setGlobal("shellCommandPrefix", prefix); }
  getNpmCommand() { return (Array.isArray(this.s.npmCommand) ? [...(this.s.npmCommand as string[])] : undefined); }
  setNpmCommand(command: string[] | undefined) { this.setGlobal("npmCommand", command ? [...command] : undefined); }
  getCollapseChangelog() { return (this.s.collapseChangelog ?? D.collapseChangelog) as boolean; }
  setCollapseChangelog(collapse: boolean) { this.setGlobal("collapseChangelog", collapse); }
  getEnableInstallTelemetry() { return (this.s.enableInstallTelemetry ?? D.enableInstallTelemetry) as boolean; }
  setEnableInstallTelemetry(enabled: boolean) { this.setGlobal("enableInstallTelemetry", enabled); }
  getEnableAnalytics() { return (this.s.enableAnalytics ?? D.enableAnalytics) as boolean; }
  getTrackingId() { return this.s.trackingId as string | undefined; }
  /** the first opt-in makes the tracking id */
  setEnableAnalytics(enabled: boolean): void {
    if (enabled && !this.global.trackingId) {
      this.global.trackingId = randomUUID();
      this.markChanged("global", "trackingId");
    }
    this.setGlobal("enableAnalytics", enabled);
  }
  /** the global file's only, made on first use: a committed project file must not give every clone one id */
  getOrCreateDeviceId(): string {
    if (!this.global.deviceId) this.setGlobal("deviceId", randomUUID());
    return this.global.deviceId as string;
  }
  getPackages() { return this.list("packages"); }
  setPackages(packages: unknown[]) { this.setGlobal("packages", packages); }
  setProjectPackages(packages: unknown[]) { this.setProject("packages", packages); }
  getExtensionPaths() { return this.list("extensions") as string[]; }
  setExtensionPaths(paths: string[]) { this.setGlobal("extensions", paths); }
  setProjectExtensionPaths(paths: string[]) { this.setProject("extensions", paths); }
  getSkillPaths() { return this.list("skills") as string[]; }
  setSkillPaths(paths: string[]) { this.setGlobal("skills", paths); }
  setProjectSkillPaths(paths: string[]) { this.setProject("skills", paths); }
  getPromptTemplatePaths() { return this.list("prompts") as string[]; }
  setPromptTemplatePaths(paths: string[]) { this.setGlobal("prompts", paths); }
  setProjectPromptTemplatePaths(paths: string[]) { this.setProject("prompts", paths); }
  getThemePaths() { return this.list("themes") as string[]; }
  setThemePaths(paths: string[]) { this.setGlobal("themes", paths); }
  setProjectThemePaths(paths: string[]) { this.setProject("themes", paths); }
  private list(field: string): unknown[] {
    return [...((this.s[field] as unknown[] | undefined) ?? [])];
  }
  getEnableSkillCommands() { return (this.s.enableSkillCommands ?? D.enableSkillCommands) as boolean; }
  setEnableSkillCommands(enabled: boolean) { this.setGlobal("enableSkillCommands", enabled); }
  getThinkingBudgets() { return this.s.thinkingBudgets as Record<string, number> | undefined; }
  /** only what the settings decide; "auto" and unset leave detection to the terminal */
  getTerminalCapabilityOverrides(): Record<string, unknown> {
    const terminal = this.inner("terminal");
    const images = terminal?.images;
    return {
      ...(images === "kitty" || images === "iterm2" ? { images } : images === false ? { images: null } : {}),
      ...(typeof terminal?.trueColor === "boolean" ? { trueColor: terminal.trueColor } : {}),
      ...(typeof terminal?.hyperlinks === "boolean" ? { hyperlinks: terminal.hyperlinks } : {}),
    };
  }
  getShowImages() { return (this.inner("terminal")?.showImages ?? D.terminal.showImages) as boolean; }
  setShowImages(show: boolean) { this.setGlobal("terminal", show, "showImages"); }
  getImageWidthCells(): number {
    const width = this.inner("terminal")?.imageWidthCells;
    return typeof width === "number" && Number.isFinite(width) ? Math.max(1, Math.floor(width)) : D.terminal.imageWidthCells;
  }
  setImageWidthCells(width: number) { this.setGlobal("terminal", Math.max(1, Math.floor(width)), "imageWidthCells"); }
  /** the setting, else PI_CLEAR_ON_SHRINK=1, else off */
  getClearOnShrink() { return (this.inner("terminal")?.clearOnShrink ?? (process.env.PI_CLEAR_ON_SHRINK === "1" || D.terminal.clearOnShrink)) as boolean; }
  setClearOnShrink(enabled: boolean) { this.setGlobal("terminal", enabled, "clearOnShrink"); }
  getShowTerminalProgress() { return (this.inner("terminal")?.showTerminalProgress ?? D.terminal.showTerminalProgress) as boolean; }
  setShowTerminalProgress(enabled: boolean) { this.setGlobal("terminal", enabled, "showTerminalProgress"); }
  getTuiMode() { return oneOf(this.s.tuiMode, ["regular"], D.tuiMode as string); }
  setTuiMode(mode: string) { this.setGlobal("tuiMode", mode); }
  getFullscreenExitOutput() { return oneOf(this.s.fullscreenExitOutput, ["resume-hint"], D.fullscreenExitOutput as string); }
  setFullscreenExitOutput(output: string) { this.setGlobal("fullscreenExitOutput", output); }
  getFullscreenScrollbar() { return oneOf(this.s.fullscreenScrollbar, ["always", "hidden"], D.fullscreenScrollbar as string); }
  setFullscreenScrollbar(mode: string) { this.setGlobal("fullscreenScrollbar", mode); }
  getFullscreenCopyOnSelect() { return (this.s.fullscreenCopyOnSelect ?? D.fullscreenCopyOnSelect) as boolean; }
  setFullscreenCopyOnSelect(enabled: boolean) { this.setGlobal("fullscreenCopyOnSelect", enabled); }
  getFullscreenWheelScrollLines(): number | "auto" {
    const lines = this.s.fullscreenWheelScrollLines;
    return typeof lines === "number" && Number.isFinite(lines) ? clamp(lines, 1, 100) : (D.fullscreenWheelScrollLines as "auto");
  }
  setFullscreenWheelScrollLines(lines: number | "auto") { this.setGlobal("fullscreenWheelScrollLines", lines === "auto" ? lines : clamp(lines, 1, 100)); }
  getImageAutoResize() { return (this.inner("images")?.autoResize ?? D.images.autoResize) as boolean; }
  setImageAutoResize(enabled: boolean) { this.setGlobal("images", enabled, "autoResize"); }
  getBlockImages() { return (this.inner("images")?.blockImages ?? D.images.blockImages) as boolean; }
  setBlockImages(blocked: boolean) { this.setGlobal("images", blocked, "blockImages"); }
  getEnabledModels() { return this.s.enabledModels as string[] | undefined; }
  /** undefined when no layer sets `defaultTools` */
  getDefaultTools(): string[] | undefined {
    const tools = this.s.defaultTools;
    if (tools === undefined) return undefined;
    return selectedTools(Array.isArray(tools) ? tools.filter((tool): tool is string => typeof tool === "string") : []);
  }
  setEnabledModels(patterns: string[] | undefined) { this.setGlobal("enabledModels", patterns); }
  getDoubleEscapeAction() { return (this.s.doubleEscapeAction ?? D.doubleEscapeAction) as "fork" | "tree" | "none"; }
  setDoubleEscapeAction(action: "fork" | "tree" | "none") { this.setGlobal("doubleEscapeAction", action); }
  getTreeFilterMode() { return oneOf(this.s.treeFilterMode, TREE_FILTERS, D.treeFilterMode as string); }
  setTreeFilterMode(mode: string) { this.setGlobal("treeFilterMode", mode); }
  /** the setting, else PI_HARDWARE_CURSOR=1 */
  getShowHardwareCursor() { return (this.s.showHardwareCursor ?? process.env.PI_HARDWARE_CURSOR === "1") as boolean; }
  setShowHardwareCursor(enabled: boolean) { this.setGlobal("showHardwareCursor", enabled); }
  getEditorPaddingX() { return (this.s.editorPaddingX ?? D.editorPaddingX) as number; }
  setEditorPaddingX(padding: number) { this.setGlobal("editorPaddingX", clamp(padding, 0, 3)); }
  getOutputPad(): 0 | 1 { return (this.s.outputPad === 0 ? 0 : (D.outputPad as 0 | 1)); }
  setOutputPad(padding: 0 | 1) { this.setGlobal("outputPad", padding); }
  getAutocompleteMaxVisible() { return (this.s.autocompleteMaxVisible ?? D.autocompleteMaxVisible) as number; }
  setAutocompleteMaxVisible(maxVisible: number) { this.setGlobal("autocompleteMaxVisible", clamp(maxVisible, 3, 20)); }
  getCodeBlockIndent() { return (this.inner("markdown")?.codeBlockIndent ?? D.markdown.codeBlockIndent) as string; }
  getMermaidRenderingMode() { return oneOf(this.inner("markdown")?.mermaid, ["off", "final"], D.markdown.mermaid as string); }
  setMermaidRenderingMode(mode: string) { this.setGlobal("markdown", mode, "mermaid"); }
  getWarnings() { return ({ ...this.inner("warnings") }) as Record<string, boolean>; }
  setWarnings(warnings: Record<string, boolean>) { this.setGlobal("warnings", { ...warnings }); }
}
