// The names of pi-ai 1.6.0's extension view that belong to pi-ai's own runtime: its `Models` object, model and
// credential stores, provider factories, global API registries, faux provider, session resources, Bedrock loader
// hooks, and its streaming JSON parser (docs/compatibility.md says why for each). Importable as in pi; using one fails with EXTENSION_API_UNSUPPORTED (./unsupported.ts).
import { unsupported } from "../unsupported.js";

const runtimeOnly = (name: string) => unsupported("@earendil-works/pi-ai", name);

export const cleanupSessionResources = runtimeOnly("cleanupSessionResources");
export const createFauxCore = runtimeOnly("createFauxCore");
export const createModels = runtimeOnly("createModels");
export const createProvider = runtimeOnly("createProvider");
export const defaultProviderAuthContext = runtimeOnly("defaultProviderAuthContext");
export const fauxProvider = runtimeOnly("fauxProvider");
export const getApiProviders = runtimeOnly("getApiProviders");
export const getImagesApiProvider = runtimeOnly("getImagesApiProvider");
export const InMemoryCredentialStore = runtimeOnly("InMemoryCredentialStore");
export const InMemoryModelsStore = runtimeOnly("InMemoryModelsStore");
export const lazyApi = runtimeOnly("lazyApi");
export const lazyStream = runtimeOnly("lazyStream");
export const registerBuiltInApiProviders = runtimeOnly("registerBuiltInApiProviders");
export const registerBuiltInImagesApiProviders = runtimeOnly("registerBuiltInImagesApiProviders");
export const registerFauxProvider = runtimeOnly("registerFauxProvider");
export const registerImagesApiProvider = runtimeOnly("registerImagesApiProvider");
export const registerSessionResourceCleanup = runtimeOnly("registerSessionResourceCleanup");
export const resetApiProviders = runtimeOnly("resetApiProviders");
export const setBedrockProviderLoader = runtimeOnly("setBedrockProviderLoader");
export const setBedrockProviderModule = runtimeOnly("setBedrockProviderModule");
export const StreamingJsonParser = runtimeOnly("StreamingJsonParser");
export const unregisterApiProviders = runtimeOnly("unregisterApiProviders");
export const withClientIdentity = runtimeOnly("withClientIdentity");
