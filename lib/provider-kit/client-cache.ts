// SDK clients are reused per (base URL, API key, default headers): building one costs, and reusing it keeps
// its connection pool warm. The cache is small because a session talks to one or two endpoints.

export interface ClientIdentity {
  baseUrl: string;
  apiKey: string | undefined;
  headers: Record<string, string | null>;
}

export class ClientCache<Client> {
  private readonly clients = new Map<string, Client>();

  constructor(private readonly limit = 8) {}

  get(identity: ClientIdentity, create: () => Client): Client {
    const key = cacheKey(identity);
    const cached = this.clients.get(key);
    if (cached) {
      // Re-insert so the map's order is least recently used first.
      this.clients.delete(key);
      this.clients.set(key, cached);
      return cached;
    }
    const client = create();
    this.clients.set(key, client);
    if (this.clients.size > this.limit) {
      const oldest = this.clients.keys().next().value;
      if (oldest !== undefined) this.clients.delete(oldest);
    }
    return client;
  }

  get size(): number {
    return this.clients.size;
  }
}

function cacheKey(identity: ClientIdentity): string {
  const headers = Object.entries(identity.headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([identity.baseUrl, identity.apiKey ?? null, headers]);
}

/** Model headers first, request headers over them; a `null` stays, so the SDK drops its own header of that name. */
export function mergeHeaders(...sources: (Record<string, string | null> | undefined)[]): Record<string, string | null> {
  const merged: Record<string, string | null> = {};
  for (const source of sources) if (source) Object.assign(merged, source);
  return merged;
}
