// `@earendil-works/pi-ai/oauth` (and `@mariozechner/pi-ai/oauth`): in pi 1.6.0 a module of types only (the 0.73
// login helpers are gone), so it exports no values; extensions import its types, which their loader erases.
export {};
