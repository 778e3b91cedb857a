// Server-sent events from a response body, for providers read without an SDK (Gemini, Mistral, Codex). Only the
// fields the model APIs use: `event` and `data` (several data lines join with "\n"); comments and ids are skipped.

export interface ServerSentEvent {
  event?: string;
  data: string;
}

export async function* readServerSentEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffer = "";
  let event: string | undefined;
  let data: string[] = [];
  const dispatch = (): ServerSentEvent | undefined => {
    const ready = data.length > 0 ? { ...(event !== undefined ? { event } : {}), data: data.join("\n") } : undefined;
    event = undefined;
    data = [];
    return ready;
  };
  const takeLine = (line: string): ServerSentEvent | undefined => {
    if (line === "") return dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    return undefined;
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) !== -1) {
      const line = buffer.slice(0, newline);
      // "\r\n" is one line ending; a lone "\r" at the very end may be the first half of one
      if (buffer[newline] === "\r" && newline === buffer.length - 1) break;
      buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
      const ready = takeLine(line);
      if (ready) yield ready;
    }
  }
  // An event the stream did not finish with a blank line is discarded, as the SSE standard says: the
  // connection dropped in the middle of it.
}
