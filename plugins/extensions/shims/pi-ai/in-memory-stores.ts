// pi-ai's default stores and auth context, for extensions that build their own provider runs: credentials kept in
// memory, one per provider, each provider's changes made one after another; model catalogues kept in memory as
// copies; the environment and the file system as provider auth sees them. Each operation stops at its signal.
import { authContext } from "../../registrations/native-provider.js";

interface OperationOptions {
  signal?: AbortSignal;
}
type Credential = { type: string } & Record<string, unknown>;

/** `work`'s result, or the signal's reason once it aborts first */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export class InMemoryCredentialStore {
  readonly #credentials = new Map<string, Credential>();
  /** per provider: the end of its queue of changes */
  readonly #queues = new Map<string, Promise<unknown>>();

  #enqueue<T>(providerId: string, task: () => Promise<T>, options?: OperationOptions): Promise<T> {
    const previous = this.#queues.get(providerId) ?? Promise.resolve();
    const queued = previous.then(() => {
      options?.signal?.throwIfAborted();
      return task();
    });
    // the next change waits for this one to settle, even when the caller stopped waiting
    const tail = queued.catch(() => undefined);
    this.#queues.set(providerId, tail);
    void tail.then(() => {
      if (this.#queues.get(providerId) === tail) this.#queues.delete(providerId);
    });
    return untilAborted(queued, options?.signal);
  }

  async read(providerId: string, options?: OperationOptions): Promise<Credential | undefined> {
    options?.signal?.throwIfAborted();
    return this.#credentials.get(providerId);
  }

  async list(options?: OperationOptions): Promise<{ providerId: string; type: string }[]> {
    options?.signal?.throwIfAborted();
    return [...this.#credentials].map(([providerId, credential]) => ({ providerId, type: credential.type }));
  }

  /** `fn` gets the current credential; what it returns replaces it (undefined keeps it). Resolves the credential after. */
  modify(providerId: string, fn: (current: Credential | undefined) => Promise<Credential | undefined>, options?: OperationOptions): Promise<Credential | undefined> {
    return this.#enqueue(
      providerId,
      async () => {
        const current = this.#credentials.get(providerId);
        const next = await fn(current);
        options?.signal?.throwIfAborted();
        if (next !== undefined) this.#credentials.set(providerId, next);
        return next ?? current;
      },
      options,
    );
  }

  delete(providerId: string, options?: OperationOptions): Promise<void> {
    return this.#enqueue(providerId, async () => void this.#credentials.delete(providerId), options);
  }
}

interface ModelsStoreEntry {
  models: readonly object[];
  lastModified?: number;
  checkedAt?: number;
  etag?: string;
}

export class InMemoryModelsStore {
  readonly #entries = new Map<string, ModelsStoreEntry>();

  async read(providerId: string, options?: OperationOptions): Promise<ModelsStoreEntry | undefined> {
    options?.signal?.throwIfAborted();
    const entry = this.#entries.get(providerId);
    return entry && structuredClone(entry);
  }

  async write(providerId: string, entry: ModelsStoreEntry, options?: OperationOptions): Promise<void> {
    options?.signal?.throwIfAborted();
    this.#entries.set(providerId, structuredClone(entry));
  }

  async delete(providerId: string, options?: OperationOptions): Promise<void> {
    options?.signal?.throwIfAborted();
    this.#entries.delete(providerId);
  }
}

/** Environment variables (blank counts as unset) and file existence (`~` is the home folder): what pith's own Provider auth reads. */
export function defaultProviderAuthContext(): { env(name: string): Promise<string | undefined>; fileExists(path: string): Promise<boolean> } {
  return { ...authContext };
}
