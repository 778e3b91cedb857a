// Response headers as a plain record with lower-case names, the shape `ProviderResponseInfo` carries.

export type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined | null;

export function headersToRecord(headers: HeaderSource): Record<string, string> {
  const record: Record<string, string> = {};
  if (!headers) return record;
  if (typeof (headers as Headers).forEach === "function" && typeof (headers as Headers).get === "function") {
    (headers as Headers).forEach((value, name) => {
      record[name.toLowerCase()] = value;
    });
    return record;
  }
  for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (value === undefined) continue;
    record[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return record;
}
