// pi 1.6.0 asks the user's own and the command line's extensions about a project before anything of the project
// loads: their `project_trust` handlers decide first. pith's session cannot exist yet at that point (its settings,
// packages and built-ins depend on the decision), so these extensions load in a kernel of their own, with the
// settings an untrusted project has (no project extensions or packages), are asked through the project-trust
// plugin's hook, and are handed to the session, which boots with the decision and adopts them instead of running
// their factories again (each runs once, as in pi). Problems of that pass other than the handlers' own are left to
// the session's load, which meets them again.
import { boot, type Logger, type PithError } from "../kernel/index.js";
import type { SettingsManager } from "../plugins/settings/index.js";
import { createPackagesService, packagesPlugin } from "../plugins/packages/packages-service.js";
import { trustAskerPlugin, trustEvent, type ProjectTrustDecision, type ProjectTrustOptions } from "../plugins/trust/index.js";
import type { ExtensionsPluginOptions, PreloadedExtensions } from "../plugins/extensions/index.js";

export interface PreTrustOptions {
  cwd: string;
  agentDir: string;
  /** the settings as loaded for an undecided project (its own file not applied) */
  settings: SettingsManager;
  extensions: ExtensionsPluginOptions;
  packages?: { offline?: boolean } | false;
  projectTrust?: ProjectTrustOptions;
  log?: Logger;
  /** the handlers' failures (each counts as undecided) */
  onProblem(error: PithError): void;
  /** installs of missing global packages */
  progress?: (line: string) => void;
}

export interface PreTrustAnswer {
  /** the first yes or no of a user or command-line extension's `project_trust` handler; undefined when none decided */
  decision: ProjectTrustDecision | undefined;
  /** the instances that were asked, for the session's extensions plugin to adopt */
  preloaded: PreloadedExtensions | undefined;
}

export async function askExtensionsAboutTrust(cwd: string, options: PreTrustOptions): Promise<PreTrustAnswer> {
  const asker = trustAskerPlugin();
  const packages =
    options.packages === false
      ? undefined
      : createPackagesService({ cwd: options.cwd, agentDir: options.agentDir, settings: options.settings, offline: options.packages?.offline, progress: options.progress });
  await packages?.reload();
  const { extensionsPlugin } = await import("../plugins/extensions/index.js");
  let takeInstances: (() => PreloadedExtensions) | undefined;
  await boot({
    cwd: options.cwd,
    onPluginError: () => "continue",
    log: silentLog,
    plugins: [
      { name: "settings", setup: (context) => context.provide("settings", options.settings) },
      ...(packages ? [packagesPlugin(packages)] : []),
      // the session's load parses the extension flags, once every extension registered its own
      extensionsPlugin({ ...options.extensions, flagArgv: undefined, preTrust: (handOver) => void (takeInstances = handOver) }),
      asker.plugin,
    ],
    onProblem: (error) => (error.hook === "project_trust" ? options.onProblem(error) : undefined),
  });
  const { mode = "sdk", ui } = options.projectTrust ?? {};
  const decision = await asker.ask(trustEvent(cwd, { mode, ui, log: options.log }));
  return { decision, preloaded: takeInstances?.() };
}

const silentLog: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
