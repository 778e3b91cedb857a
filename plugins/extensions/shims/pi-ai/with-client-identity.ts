// pi-ai 1.6.0's `withClientIdentity`: a `Models` object whose requests carry a default client identity (a request's
// own `identity` overrides it field by field); every other member passes through, and a mutable collection stays
// mutable.
import { mergeClientIdentity, type ClientIdentity } from "./pi-ai-helpers.js";

type Call = (...args: never[]) => unknown;
/** the members of pi-ai's `Models` (and `MutableModels`) this wrapper forwards */
type ModelsLike = Record<string, Call>;

/** requests: their options are the last argument of three */
const REQUESTS = [
  "stream",
  "complete",
  "streamSimple",
  "completeSimple",
  "streamDeferred",
  "fetchDeferred",
  "cancelDeferred",
  "generateImages",
  "classify",
] as const;

const READS = [
  "getProviders",
  "getProvider",
  "getModels",
  "getModel",
  "getModelsOfType",
  "getModelOfType",
  "getAllModels",
  "refresh",
  "checkAuth",
  "getAvailable",
  "getAvailableOfType",
  "getAllAvailable",
  "getAuth",
  "login",
  "logout",
] as const;

const MUTATIONS = ["setProvider", "deleteProvider", "clearProviders"] as const;

export function withClientIdentity<T extends object>(models: T, identity: ClientIdentity): T {
  const target = models as unknown as ModelsLike;
  const forward = (name: string) => (...args: unknown[]) => (target[name] as (...args: unknown[]) => unknown).apply(target, args);
  const wrapped: Record<string, unknown> = {};
  for (const name of READS) wrapped[name] = forward(name);
  for (const name of REQUESTS) {
    wrapped[name] = (model: unknown, input: unknown, options?: { identity?: ClientIdentity }) =>
      (target[name] as (...args: unknown[]) => unknown).call(target, model, input, { ...options, identity: mergeClientIdentity(identity, options?.identity) });
  }
  if (MUTATIONS.every((name) => name in models)) for (const name of MUTATIONS) wrapped[name] = forward(name);
  return wrapped as T;
}
