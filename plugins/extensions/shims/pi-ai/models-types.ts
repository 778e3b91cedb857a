// The shapes pi-ai 1.6.0's `Models` collection works with: provider objects, request options, the models store.
import type { Model } from "../../../../kernel/index.js";
import type { AuthContext, AuthProvider, Credential, CredentialStore } from "./models-auth.js";
import type { ClientIdentity } from "./pi-ai-helpers.js";

export type AnyModel = Model & { type?: string; input?: string[]; headers?: Record<string, string> };
export type Headers = Record<string, string | null>;
export type Options = { signal?: AbortSignal; apiKey?: string; env?: Record<string, string>; headers?: Headers; identity?: ClientIdentity; sessionId?: unknown; transformHeaders?: (headers: Headers) => Headers | Promise<Headers> } & Record<string, unknown>;
export type Call = (model: AnyModel, input: unknown, options?: Options) => unknown;

export interface StoreEntry {
  models: AnyModel[];
  checkedAt?: number;
}

export interface ModelsStore {
  read(providerId: string, options?: { signal?: AbortSignal }): Promise<StoreEntry | undefined>;
  write(providerId: string, entry: StoreEntry, options?: { signal?: AbortSignal }): Promise<void>;
  delete(providerId: string, options?: { signal?: AbortSignal }): Promise<void>;
}

export interface Provider extends AuthProvider {
  name: string;
  baseUrl?: string;
  refreshModelsAuth?: "credential" | "configured";
  getModels(): readonly AnyModel[];
  getAllModels?(): readonly AnyModel[];
  refreshModels?(context: Record<string, unknown>): Promise<void>;
  filterModels?(models: readonly AnyModel[], credential: Credential | undefined): readonly AnyModel[];
  filterAllModels?(models: readonly AnyModel[], credential: Credential | undefined): readonly AnyModel[];
  stream: Call;
  streamSimple: Call;
  fetchDeferred?: Call;
  cancelDeferred?: Call;
  generateImages?: Call;
  classify?: Call;
}

export interface CreateModelsOptions {
  credentials?: CredentialStore;
  modelsStore?: ModelsStore;
  authContext?: AuthContext;
  identity?: ClientIdentity;
}

export interface RefreshOptions {
  allowNetwork?: boolean;
  providers?: readonly string[];
  force?: boolean;
  signal?: AbortSignal;
}

