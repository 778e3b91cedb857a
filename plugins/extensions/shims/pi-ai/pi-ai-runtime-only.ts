// The names of pi-ai 1.6.0's extension view that belong to pi-ai's own runtime: its model store and credential
// store, provider factories, image generation, faux provider, cache warming, client identity headers, Bedrock
// loader hooks. Importable as in pi; using one fails with EXTENSION_API_UNSUPPORTED (./unsupported.ts).
import { unsupported } from "../unsupported.js";

const runtimeOnly = (name: string) => unsupported("@earendil-works/pi-ai", name);

export const appendAssistantMessageDiagnostic = runtimeOnly("appendAssistantMessageDiagnostic");
export const cleanupSessionResources = runtimeOnly("cleanupSessionResources");
export const createAssistantMessageDiagnostic = runtimeOnly("createAssistantMessageDiagnostic");
export const createFauxCore = runtimeOnly("createFauxCore");
export const createModels = runtimeOnly("createModels");
export const createProvider = runtimeOnly("createProvider");
export const defaultProviderAuthContext = runtimeOnly("defaultProviderAuthContext");
export const envApiKeyAuth = runtimeOnly("envApiKeyAuth");
export const evaluateCacheWarming = runtimeOnly("evaluateCacheWarming");
export const extractDiagnosticError = runtimeOnly("extractDiagnosticError");
export const fauxAssistantMessage = runtimeOnly("fauxAssistantMessage");
export const fauxProvider = runtimeOnly("fauxProvider");
export const formatUserAgent = runtimeOnly("formatUserAgent");
export const generateImages = runtimeOnly("generateImages");
export const generateImagesOpenRouter = runtimeOnly("generateImagesOpenRouter");
export const getApiProviders = runtimeOnly("getApiProviders");
export const getAttributionHeaders = runtimeOnly("getAttributionHeaders");
export const getCacheWarmingDelayMs = runtimeOnly("getCacheWarmingDelayMs");
export const getCacheWarmingRequestOptions = runtimeOnly("getCacheWarmingRequestOptions");
export const getClientVersion = runtimeOnly("getClientVersion");
export const getIdentityHeaders = runtimeOnly("getIdentityHeaders");
export const getImageModel = runtimeOnly("getImageModel");
export const getImageModels = runtimeOnly("getImageModels");
export const getImageProviders = runtimeOnly("getImageProviders");
export const getImagesApiProvider = runtimeOnly("getImagesApiProvider");
export const getOpenCodeSessionHeaders = runtimeOnly("getOpenCodeSessionHeaders");
export const getPromptCacheTtlMs = runtimeOnly("getPromptCacheTtlMs");
export const InMemoryCredentialStore = runtimeOnly("InMemoryCredentialStore");
export const InMemoryModelsStore = runtimeOnly("InMemoryModelsStore");
export const isCacheWarmingReplayable = runtimeOnly("isCacheWarmingReplayable");
export const lazyApi = runtimeOnly("lazyApi");
export const lazyOAuth = runtimeOnly("lazyOAuth");
export const lazyStream = runtimeOnly("lazyStream");
export const mergeClientIdentity = runtimeOnly("mergeClientIdentity");
export const parseJsonWithRepair = runtimeOnly("parseJsonWithRepair");
export const registerBuiltInApiProviders = runtimeOnly("registerBuiltInApiProviders");
export const registerBuiltInImagesApiProviders = runtimeOnly("registerBuiltInImagesApiProviders");
export const registerFauxProvider = runtimeOnly("registerFauxProvider");
export const registerImagesApiProvider = runtimeOnly("registerImagesApiProvider");
export const registerSessionResourceCleanup = runtimeOnly("registerSessionResourceCleanup");
export const repairJson = runtimeOnly("repairJson");
export const resetApiProviders = runtimeOnly("resetApiProviders");
export const retryAssistantCall = runtimeOnly("retryAssistantCall");
export const setBedrockProviderLoader = runtimeOnly("setBedrockProviderLoader");
export const setBedrockProviderModule = runtimeOnly("setBedrockProviderModule");
export const StreamingJsonParser = runtimeOnly("StreamingJsonParser");
export const unregisterApiProviders = runtimeOnly("unregisterApiProviders");
export const withClientIdentity = runtimeOnly("withClientIdentity");
