// Public surface of the extensions plugin: pi extensions (and pith plugins dropped in the same places) run on
// pith's hooks unchanged.
export { extensionsPlugin, EXTENSIONS_PLUGIN_NAME, type ExtensionsPluginOptions } from "./plugin.js";
export type { ExtensionsService, LoadedExtension } from "./service.js";
export { discoverExtensions, type DiscoveryOptions, type DiscoveryResult, type ExtensionPlace, type ExtensionSource } from "./discovery.js";
export { parseExtensionFlags, type FlagDefinition, type ParsedFlags } from "./flags.js";
export { addTrustedProject, isProjectTrusted, settingsTrustStore, untrustedWarning, TRUSTED_PROJECTS_KEY, type TrustStore } from "./trust.js";
export { trustProject } from "./trust-project.js";
export { createExtensionModuleLoader, type ExtensionModuleLoader } from "./module-loader.js";
export type { InlineExtension } from "./load-extensions.js";
export type { RegisteredFlag } from "./registrations.js";
export type * from "./types.js";
