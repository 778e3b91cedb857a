// pith's version, which the SDK and the CLI report (lib/version holds it, so that provider requests can name it).
export { PITH_VERSION } from "../lib/version/pith-version.js";
