// pi-ai's model calls for extensions (`stream`, `complete`, `streamSimple`, `completeSimple`), answered by
// the session's own provider plugins and keys, plus pi-ai's event stream classes.
import { AssistantMessageBuilder } from "../../../lib/provider-kit/assistant-builder.js";
import { PithError, errorMessage, type AssistantMessage, type Message, type Model, type AssistantMessageEvent, type StreamRequest, type ToolSpec } from "../../../kernel/index.js";
import { extensionHost } from "../host.js";
import type { StreamContext, StreamOptions } from "../registrations/provider-from-stream.js";
import { getCurrentSystemPrompt, getCurrentTools } from "./pi-ai-transcript.js";

/** An async queue of events that also resolves to a final result (pi-ai's `EventStream`). */
export class EventStream<T, R = T> implements AsyncIterable<T> {
  private readonly queue: T[] = [];
  private readonly waiting: ((result: IteratorResult<T>) => void)[] = [];
  private finished = false;
  private readonly final: Promise<R>;
  private resolveFinal!: (value: R) => void;

  constructor(
    private readonly isComplete: (event: T) => boolean,
    private readonly extractResult: (event: T) => R,
  ) {
    this.final = new Promise<R>((resolve) => (this.resolveFinal = resolve));
  }

  push(event: T): void {
    if (this.finished) return;
    if (this.isComplete(event)) {
      this.finished = true;
      this.resolveFinal(this.extractResult(event));
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    else this.queue.push(event);
    if (this.finished) this.releaseWaiting();
  }

  end(result?: R): void {
    this.finished = true;
    if (result !== undefined) this.resolveFinal(result);
    this.releaseWaiting();
  }

  result(): Promise<R> {
    return this.final;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        const queued = this.queue.shift();
        if (queued !== undefined) return Promise.resolve({ value: queued, done: false });
        if (this.finished) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => this.waiting.push(resolve));
      },
    };
  }

  private releaseWaiting(): void {
    if (this.queue.length > 0) return;
    for (const waiter of this.waiting.splice(0)) waiter({ value: undefined, done: true });
  }
}

export class AssistantMessageEventStream extends EventStream<AssistantMessageEvent, AssistantMessage> {
  constructor() {
    super(
      (event) => event.type === "done" || event.type === "error",
      (event) => (event.type === "done" ? event.message : event.type === "error" ? event.error : (undefined as never)),
    );
  }
}

export function createAssistantMessageEventStream(): AssistantMessageEventStream {
  return new AssistantMessageEventStream();
}

export type { StreamContext as LlmContext, StreamOptions as LlmStreamOptions };

export function stream(model: Model, context: StreamContext, options: StreamOptions = {}): AssistantMessageEventStream {
  const events = new AssistantMessageEventStream();
  void run(model, context, options, events);
  return events;
}

export const streamSimple = stream;

export function complete(model: Model, context: StreamContext, options: StreamOptions = {}): Promise<AssistantMessage> {
  return stream(model, context, options).result();
}

export const completeSimple = complete;

async function run(model: Model, context: StreamContext, options: StreamOptions, events: AssistantMessageEventStream): Promise<void> {
  try {
    const host = extensionHost();
    if (!host) throw new PithError("EXTENSION_NO_SESSION", "pi-ai model calls work only inside a running pith session.");
    const provider = host.provider(model.api);
    if (!provider) throw new PithError("NO_PROVIDER", `No provider plugin handles the "${model.api}" API of model ${model.provider}/${model.id}.`);
    const signal = options.signal ?? new AbortController().signal;
    const auth = options.apiKey !== undefined ? { apiKey: options.apiKey, headers: options.headers } : await host.resolveAuth(model, signal);
    // a transcript carries the prompt and tools as system messages; pith's providers take them beside the messages
    const tools: ToolSpec[] = (context.tools ?? getCurrentTools(context.messages)).map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters as Record<string, unknown>,
    }));
    const request: StreamRequest = {
      model,
      systemPrompt: context.systemPrompt ?? getCurrentSystemPrompt(context.messages),
      messages: context.messages.filter((message): message is Message => message.role !== "system"),
      tools,
      thinkingLevel: options.reasoning ?? "off",
      apiKey: auth?.apiKey,
      headers: { ...auth?.headers, ...options.headers },
      maxTokens: options.maxTokens,
      temperature: options.temperature,
      sessionId: options.sessionId,
      signal,
    };
    for await (const event of provider.stream(request)) events.push(event);
    events.end();
  } catch (error) {
    events.push(new AssistantMessageBuilder(model).fail("error", errorMessage(error), { kind: "auth" }));
  }
}
