// Argument shapes other agents taught models, accepted before validation.

/** Models trained on other agents send `file_path`; accept it as `path`. */
export function acceptFilePathAlias(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const { file_path: filePath, ...rest } = raw as Record<string, unknown>;
  if (typeof filePath !== "string" || "path" in rest) return raw;
  return { ...rest, path: filePath };
}
