// The version, replaced at build time so `--version` reads no file.
declare const __PITH_VERSION__: string | undefined;

export const PITH_VERSION: string = typeof __PITH_VERSION__ === "string" ? __PITH_VERSION__ : "0.0.0-dev";
