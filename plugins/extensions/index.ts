// Public surface of the extensions plugin: pi extensions (and pith plugins dropped in the same places) run on
// pith's hooks unchanged.
export { extensionsPlugin, EXTENSIONS_PLUGIN_NAME } from "./plugin.js";
export type { ExtensionsPluginOptions } from "./options.js";
export type { ExtensionsService, LoadedExtension } from "./service/service.js";
export { discoverExtensions, type DiscoveryOptions, type DiscoveryResult, type ExtensionPlace, type ExtensionSource } from "./loading/discovery.js";
export { parseExtensionFlags, type FlagDefinition, type ParsedFlags } from "./registrations/flags.js";
export { createExtensionModuleLoader, type ExtensionModuleLoader } from "./loading/module-loader.js";
export type { InlineExtension } from "./loading/load-extensions.js";
export type { PreloadedExtensions } from "./loading/preloaded.js";
export type { SessionChoices, SessionFactory, SessionRequest, MadeSession } from "./shims/sdk/session-factory.js";
export type { RegisteredFlag } from "./registrations/registrations.js";
export type * from "./contract/types.js";
