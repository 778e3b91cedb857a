// What every wire format shares: SSE framing, where scripted faults go in a stream, and the format interface.
import type { EncodeContext, RecordedRequest, ScriptedReply, ScriptedStreamError } from "./types.js";

/** One SSE event; `event:` is only written when the format names its events. */
export function sseFrame(data: unknown, event?: string): string {
  return `${event === undefined ? "" : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/** A whole stream plus the frame index right after the first content delta, where faults are inserted. */
export interface StreamDraft<Frame = string> {
  frames: Frame[];
  faultAt: number;
}

export interface FaultFrames<Frame = string> {
  /** a `data:` line (or event) that is not JSON */
  malformed: Frame;
  /** `sequenceNumber` is the index the error frame takes in the stream */
  error(error: ScriptedStreamError, sequenceNumber: number): Frame;
}

/** A malformed line is inserted and the stream goes on; a stream error replaces the rest of the stream. */
export function applyFaults<Frame>(draft: StreamDraft<Frame>, reply: ScriptedReply, faults: FaultFrames<Frame>): Frame[] {
  const head = draft.frames.slice(0, draft.faultAt);
  const malformed = reply.malformed ? [faults.malformed] : [];
  const tail = reply.streamError ? [faults.error(reply.streamError, draft.faultAt)] : draft.frames.slice(draft.faultAt);
  return [...head, ...malformed, ...tail];
}

export interface ErrorFields {
  message: string;
  type?: string;
  code?: string;
}

/** One API's request path and answers. */
export interface WireFormat {
  api: RecordedRequest["api"];
  /** the request path (without the query); a pattern for paths that carry the model */
  path: string | RegExp;
  /** `path` is the request path without the query (Gemini names the model there) */
  contextFor(body: Record<string, unknown>, sequence: number, path: string): EncodeContext;
  isStreamRequest(body: Record<string, unknown>): boolean;
  /** of a stream; default server-sent events */
  contentType?: string;
  streamFrames(reply: ScriptedReply, context: EncodeContext): (string | Uint8Array)[];
  /** `body`: the request's, for answers that follow from the question (the classifier APIs) */
  jsonBody(reply: ScriptedReply, context: EncodeContext, body?: Record<string, unknown>): unknown;
  errorBody(status: number, fields: ErrorFields): unknown;
  /** headers an error answer carries besides the scripted ones (Bedrock's `x-amzn-errortype`) */
  errorHeaders?(status: number, fields: ErrorFields): Record<string, string>;
}

export function requestedModel(body: Record<string, unknown>): string | undefined {
  return typeof body.model === "string" && body.model !== "" ? body.model : undefined;
}
