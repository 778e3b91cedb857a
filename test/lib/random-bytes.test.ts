import { describe, expect, it } from "vitest";
import { randomBytes, randomUUID } from "../../lib/random/random-bytes.js";

describe("random bytes for ids", () => {
  it("gives the size asked for, never the same bytes twice, across pool refills and beyond the pool", () => {
    const seen = new Set<string>();
    for (let index = 0; index < 300; index++) {
      const bytes = randomBytes(6);
      expect(bytes.length).toBe(6);
      seen.add(bytes.toString("hex"));
    }
    expect(seen.size).toBe(300);
    expect(randomBytes(4096).length).toBe(4096);
  });

  it("hands out copies: changing one does not change what comes next", () => {
    const first = randomBytes(8);
    first.fill(0);
    expect(randomBytes(8).equals(Buffer.alloc(8))).toBe(false);
  });

  it("makes version 4 UUIDs as node:crypto does", () => {
    const ids = Array.from({ length: 100 }, () => randomUUID());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(100);
  });
});
