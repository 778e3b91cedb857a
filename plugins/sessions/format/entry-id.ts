// Entry ids: 8 hex chars, checked against the ids already in the session (pi's scheme).
import { randomBytes, randomUUID } from "../../../lib/random/random-bytes.js";

const ATTEMPTS = 100;

export function newEntryId(taken: { has(id: string): boolean }): string {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const id = randomBytes(4).toString("hex");
    if (!taken.has(id)) return id;
  }
  // 100 collisions in a row means the session is enormous; a full UUID cannot collide in practice
  return randomUUID();
}
