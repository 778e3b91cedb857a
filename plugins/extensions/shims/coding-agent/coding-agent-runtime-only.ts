// The names of `@earendil-works/pi-coding-agent` 1.6.0 that belong to pi's own runtime (its CLI and modes, its
// settings and model classes, resource loader, package manager, extension runner...): importable as in pi, failing with
// EXTENSION_API_UNSUPPORTED when used (./unsupported.ts).
import { unsupported } from "../unsupported.js";

const runtimeOnly = (name: string) => unsupported("@earendil-works/pi-coding-agent", name);

export const createCodemodeExtension = runtimeOnly("createCodemodeExtension");
