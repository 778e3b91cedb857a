export { modelsPlugin, type ModelsPluginOptions } from "./plugin.js";
export { ModelRegistry, type ModelRegistryOptions } from "./registry.js";
export { resolveAgentDir } from "../../lib/agent-dir/agent-dir.js";
export { builtInModels, builtInModelsOf, builtInProviders, catalogueProvider, type CatalogueProvider } from "./catalogue.js";
export { AMBIENT_CREDENTIALS, KNOWN_APIS, defaultModelIds, hasAmbientCredentials, knownProvider, type KnownProvider } from "./known-providers.js";
export {
  findExactModelReference,
  isAliasId,
  parseModelPattern,
  resolveModelScope,
  type PatternMatch,
  type PatternOptions,
  type ScopedModel,
} from "./selection/model-pattern.js";
export { readAuthFile, type AuthCredential } from "./config-files/auth-file.js";
export { resolveCliModel, type CliModelRequest, type CliModelResolution } from "./selection/cli-model.js";
export { formatModelList, formatTokenCount, NO_MODELS_MESSAGE } from "./selection/model-list.js";
export type { ProviderConfig, ModelDefinition, ModelOverride } from "./config-files/models-json-schema.js";
