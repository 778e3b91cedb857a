// pi-ai's per-session resources: code that keeps state per session (open connections, caches) registers a cleanup,
// and when a session ends (quit, or replaced by a new, resumed or forked one; not on reload) every cleanup runs with
// the ended session's id. The extensions plugin runs them from its session_shutdown handler, as pi does on disposing
// a session.

export type SessionResourceCleanup = (sessionId?: string) => void;

const cleanups = new Set<SessionResourceCleanup>();

/** Adds `cleanup`; the returned function removes it. */
export function registerSessionResourceCleanup(cleanup: SessionResourceCleanup): () => void {
  cleanups.add(cleanup);
  return () => void cleanups.delete(cleanup);
}

/** Runs every cleanup, each even when another throws; throws an AggregateError of what they threw. */
export function cleanupSessionResources(sessionId?: string): void {
  const errors: unknown[] = [];
  for (const cleanup of cleanups) {
    try {
      cleanup(sessionId);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, "Failed to cleanup session resources");
}
