// The model call an `Agent` or a loop makes when its caller gives none. pi 1.6.0 installs pi-ai's `streamSimple`
// there at start-up; pith installs its served `streamSimple`, which answers through the session's provider plugins
// and keys. `setDefaultStreamFn` replaces it for the whole process, as in pi; `undefined` leaves none.
import { PithError } from "../../../../kernel/index.js";
import { stream } from "../pi-ai/llm.js";
import type { StreamContext, StreamOptions } from "../../registrations/provider-from-stream.js";
import type { StreamFn } from "./types.js";

const servedStreamSimple: StreamFn = (model, context, options) => stream(model, context as StreamContext, options as StreamOptions);

let defaultStreamFn: StreamFn | undefined = servedStreamSimple;

export function setDefaultStreamFn(streamFn: StreamFn | undefined): void {
  defaultStreamFn = streamFn;
}

export function getDefaultStreamFn(): StreamFn {
  if (!defaultStreamFn) {
    throw new PithError("EXTENSION_AGENT_NO_STREAM_FN", "No default stream function configured. Pass streamFn explicitly or call setDefaultStreamFn().");
  }
  return defaultStreamFn;
}
