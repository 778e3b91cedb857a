// Provider tests that set environment variables put them back after each test.
import { afterEach } from "vitest";

export function restoreEnvironmentAfterEach(names: readonly string[]): void {
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
}
