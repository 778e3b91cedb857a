// pi 1.6.0's `DefaultResourceLoader` over pith's own discovery: `reload()` finds the extensions (loaded apart from
// any session), skills, prompt templates, themes, context files and SYSTEM/APPEND_SYSTEM files of `cwd` and
// `agentDir` as a pith session would (settings entries, standard folders, packages, project trust), with the
// options' additional paths, `no*` switches and overrides applied as pi applies them; the getters return what the
// last reload found. A session made with the loader (`createAgentSession({ resourceLoader })`) takes its system
// prompt, appended prompts, extensions, skills and prompt templates from these getters.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { ResourceDiagnostic } from "../../../../lib/resources/diagnostics/diagnostics.js";
import type { ExtensionResourcePath } from "../../../../lib/resources/options.js";
import { discoverPromptTemplates, type PromptTemplate } from "../../../prompt-templates/index.js";
import { discoverSkills, type Skill } from "../../../skills/index.js";
import { createExtensionRuntime } from "../sdk/extension-runtime.js";
import { readLoaderSettings, type PiSettingsShape } from "./loader-settings.js";
import { findLoaderExtensions, type InlineExtensionInput, type PiLoadExtensionsResult } from "./loader-extensions.js";
import { loadThemes, type LoadedTheme } from "./loader-themes.js";
import { loadProjectContextFiles } from "./project-resources.js";
import { resolvePackages, type PackageProgress } from "./loader-packages.js";
import { systemPromptFiles, type PromptSource } from "./loader-system-prompt.js";

type Listed<K extends string, T> = { [key in K]: T[] } & { diagnostics: ResourceDiagnostic[] };
type ContextFiles = { agentsFiles: { path: string; content: string }[] };

/** pi's `DefaultResourceLoaderOptions` (dist/core/resource-loader.d.ts). */
export interface DefaultResourceLoaderOptions {
  cwd: string;
  agentDir: string;
  settingsManager?: PiSettingsShape;
  eventBus?: object;
  packageCommandOutput?: "inherit" | "capture";
  onPackageProgress?: PackageProgress;
  additionalExtensionPaths?: string[];
  additionalSkillPaths?: string[];
  additionalPromptTemplatePaths?: string[];
  additionalThemePaths?: string[];
  extensionFactories?: InlineExtensionInput[];
  noExtensions?: boolean;
  disabledBuiltinExtensions?: string[];
  noSkills?: boolean;
  noPromptTemplates?: boolean;
  noThemes?: boolean;
  noContextFiles?: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: string[];
  extensionsOverride?: (base: PiLoadExtensionsResult) => PiLoadExtensionsResult;
  skillsOverride?: (base: Listed<"skills", Skill>) => Listed<"skills", Skill>;
  promptsOverride?: (base: Listed<"prompts", PromptTemplate>) => Listed<"prompts", PromptTemplate>;
  themesOverride?: (base: Listed<"themes", LoadedTheme>) => Listed<"themes", LoadedTheme>;
  agentsFilesOverride?: (base: ContextFiles) => ContextFiles;
  systemPromptOverride?: (base: string | undefined) => string | undefined;
  appendSystemPromptOverride?: (base: string[]) => string[];
}

/** pi's `ResourceExtensionPaths`: what `extendResources` adds (an extension's `resources_discover` answer). */
export interface ResourceExtensionPaths {
  skillPaths?: { path: string; metadata: { source: string; baseDir?: string } }[];
  promptPaths?: { path: string; metadata: { source: string; baseDir?: string } }[];
  themePaths?: { path: string; metadata: { source: string; baseDir?: string } }[];
}

export class DefaultResourceLoader {
  private readonly cwd: string;
  private readonly agentDir: string;
  private readonly options: DefaultResourceLoaderOptions;
  private extensionsResult: PiLoadExtensionsResult = { extensions: [], errors: [], runtime: createExtensionRuntime() };
  private skills: Listed<"skills", Skill> = { skills: [], diagnostics: [] };
  private prompts: Listed<"prompts", PromptTemplate> = { prompts: [], diagnostics: [] };
  private themes: Listed<"themes", LoadedTheme> = { themes: [], diagnostics: [] };
  private agentsFiles: ContextFiles = { agentsFiles: [] };
  private systemPrompt: PromptSource | undefined;
  private appendSystemPrompt: PromptSource[] = [];
  private systemPromptText: string | undefined;
  private appendSystemPromptTexts: string[] = [];
  private extended: { skills: ExtensionResourcePath[]; prompts: ExtensionResourcePath[]; themes: string[] } = { skills: [], prompts: [], themes: [] };
  /** the project-trust answer of a reload that asked, kept for later reloads (a settings manager keeps it too) */
  private trustDecision: boolean | undefined;
  /** what the last reload read, so extendResources can search again with more paths */
  private rediscover: ((kind: "skills" | "prompts" | "themes") => Promise<void>) | undefined;

  constructor(options: DefaultResourceLoaderOptions) {
    this.options = options;
    this.cwd = resolve(options.cwd);
    this.agentDir = resolve(options.agentDir);
  }

  getExtensions(): PiLoadExtensionsResult {
    return this.extensionsResult;
  }
  getSkills(): Listed<"skills", Skill> {
    return this.skills;
  }
  getPrompts(): Listed<"prompts", PromptTemplate> {
    return this.prompts;
  }
  getThemes(): Listed<"themes", LoadedTheme> {
    return this.themes;
  }
  getAgentsFiles(): ContextFiles {
    return this.agentsFiles;
  }
  getSystemPrompt(): string | undefined {
    return this.systemPromptText;
  }
  getSystemPromptSource(): { path: string } | undefined {
    return this.systemPrompt?.file ? { path: this.systemPrompt.file } : undefined;
  }
  getAppendSystemPrompt(): string[] {
    return this.appendSystemPromptTexts;
  }
  getAppendSystemPromptSources(): { path: string }[] {
    return this.appendSystemPrompt.flatMap((source) => (source.file ? [{ path: source.file }] : []));
  }

  /**
   * Adds skill, prompt and theme paths (an extension's `resources_discover` answer) and searches those kinds
   * again. pi's signature is synchronous; the new lists are there once the search ends (before the next reload).
   */
  extendResources(paths: ResourceExtensionPaths): Promise<void> {
    const contributed = (entries: ResourceExtensionPaths["skillPaths"] = []) =>
      entries.map(({ path, metadata }) => ({ path: resolve(this.cwd, path), source: metadata.source, ...(metadata.baseDir ? { baseDir: resolve(this.cwd, metadata.baseDir) } : {}) }));
    const kinds: ("skills" | "prompts" | "themes")[] = [];
    if (paths.skillPaths?.length) kinds.push("skills"), this.extended.skills.push(...contributed(paths.skillPaths));
    if (paths.promptPaths?.length) kinds.push("prompts"), this.extended.prompts.push(...contributed(paths.promptPaths));
    if (paths.themePaths?.length) kinds.push("themes"), this.extended.themes.push(...contributed(paths.themePaths).map((entry) => entry.path));
    return Promise.all(kinds.map((kind) => this.rediscover?.(kind))).then(() => undefined);
  }

  /**
   * The extensions that may decide about the project before its own resources load: the user's, the additional
   * paths' and the factories, read as for an untrusted project.
   */
  async loadProjectTrustExtensions(): Promise<PiLoadExtensionsResult> {
    const { options, cwd, agentDir } = this;
    options.settingsManager?.setProjectTrusted?.(false);
    this.trustDecision = false;
    const settings = await readLoaderSettings(cwd, agentDir, options.settingsManager, false);
    const packages = await resolvePackages(cwd, agentDir, settings.files, options.onPackageProgress);
    return findLoaderExtensions({ cwd, agentDir, settings, packages, options });
  }

  /** `resolveProjectTrust`: asked with the pre-trust extensions first; its answer decides what of the project loads. */
  async reload(reloadOptions: { resolveProjectTrust?: (input: { extensionsResult: PiLoadExtensionsResult }) => Promise<boolean> } = {}): Promise<void> {
    const { options, cwd, agentDir } = this;
    if (reloadOptions.resolveProjectTrust) {
      const trusted = await reloadOptions.resolveProjectTrust({ extensionsResult: await this.loadProjectTrustExtensions() });
      options.settingsManager?.setProjectTrusted?.(trusted);
      this.trustDecision = trusted;
    }
    const settings = await readLoaderSettings(cwd, agentDir, options.settingsManager, this.trustDecision);
    const packages = await resolvePackages(cwd, agentDir, settings.files, options.onPackageProgress);
    this.extended = { skills: [], prompts: [], themes: [] };

    const extensions = await findLoaderExtensions({ cwd, agentDir, settings, packages, options });
    this.extensionsResult = options.extensionsOverride ? options.extensionsOverride(extensions) : extensions;

    const resourceOptions = (key: "skills" | "prompts", paths: string[] | undefined, off: boolean | undefined, files: typeof packages.skillFiles) => ({
      cwd,
      agentDir,
      paths: (paths ?? []).map((path) => resolve(cwd, path)),
      settingsEntries: settings.entries(key),
      noDiscovery: off === true,
      projectTrusted: settings.trusted,
      packageFiles: files,
      extensionPaths: key === "skills" ? this.extended.skills : this.extended.prompts,
    });
    this.rediscover = async (kind) => {
      if (kind === "skills") {
        const found = await discoverSkills(resourceOptions("skills", options.additionalSkillPaths, options.noSkills, packages.skillFiles));
        this.skills = options.skillsOverride ? options.skillsOverride(found) : found;
      } else if (kind === "prompts") {
        const found = await discoverPromptTemplates(resourceOptions("prompts", options.additionalPromptTemplatePaths, options.noPromptTemplates, packages.promptFiles));
        const listed = { prompts: found.templates, diagnostics: found.diagnostics };
        this.prompts = options.promptsOverride ? options.promptsOverride(listed) : listed;
      } else {
        const standard = options.noThemes ? [] : [...(settings.trusted ? [resolve(cwd, ".pi", "themes")] : []), resolve(agentDir, "themes")];
        const entries = options.noThemes ? [] : [...settings.entries("themes").project.map((path) => resolve(cwd, ".pi", path)), ...settings.entries("themes").global.map((path) => resolve(agentDir, path))];
        const found = loadThemes([...new Set([...entries, ...standard.filter(isDirectory), ...(options.noThemes ? [] : packages.themeFiles), ...(options.additionalThemePaths ?? []).map((path) => resolve(cwd, path)), ...this.extended.themes])]);
        this.themes = options.themesOverride ? options.themesOverride(found) : found;
      }
    };
    await Promise.all([this.rediscover("skills"), this.rediscover("prompts"), this.rediscover("themes")]);

    const agentsFiles = { agentsFiles: options.noContextFiles ? [] : loadProjectContextFiles({ cwd, agentDir }) };
    this.agentsFiles = options.agentsFilesOverride ? options.agentsFilesOverride(agentsFiles) : agentsFiles;

    const prompts = systemPromptFiles({ cwd, agentDir, trusted: settings.trusted, systemPrompt: options.systemPrompt, appendSystemPrompt: options.appendSystemPrompt });
    this.systemPrompt = prompts.system;
    this.appendSystemPrompt = prompts.appends;
    this.systemPromptText = options.systemPromptOverride ? options.systemPromptOverride(prompts.system?.text) : prompts.system?.text;
    const appends = prompts.appends.map((source) => source.text);
    this.appendSystemPromptTexts = options.appendSystemPromptOverride ? options.appendSystemPromptOverride(appends) : appends;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
