// The names of pi-ai 1.6.0's extension view that belong to pi-ai's own runtime: its `Models` object and client
// identity wrapper, and its streaming JSON parser (docs/compatibility.md says why for each).
// Importable as in pi; using one fails with EXTENSION_API_UNSUPPORTED (./unsupported.ts).
import { unsupported } from "../unsupported.js";

const runtimeOnly = (name: string) => unsupported("@earendil-works/pi-ai", name);

export const createModels = runtimeOnly("createModels");
