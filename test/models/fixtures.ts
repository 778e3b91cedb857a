// Temporary agent folders with models.json / auth.json, removed after each test.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Model } from "../../kernel/model.js";
import { removeAfterTest } from "../support/temp-folders.js";

/** A fresh agent dir; `models`/`auth` are written as given (strings verbatim, objects as JSON). */
export function agentDir(files: { models?: string | object; auth?: string | object } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "pith-models-"));
  removeAfterTest(dir);
  const write = (name: string, content: string | object) =>
    writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  if (files.models !== undefined) write("models.json", files.models);
  if (files.auth !== undefined) write("auth.json", files.auth);
  return dir;
}

export function model(provider: string, id: string, extra: Partial<Model> = {}): Model {
  return {
    id,
    name: extra.name ?? id,
    api: "openai-completions",
    provider,
    baseUrl: "http://127.0.0.1:1/v1",
    reasoning: false,
    input: ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 128_000,
    maxTokens: 16_384,
    ...extra,
  };
}
