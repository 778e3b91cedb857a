// Scripts that use pi-agent-core 1.6.0's runtime names the way an extension's sub-agent does, each with the replies
// the mock LLM gives it. served-agent-core.test.ts runs every script in pi (its served module under Node 22) and in
// pith (the module an extension file imports), against the same replies, and compares what they return.
import type { ScriptedReply } from "../support/mock-llm/index.js";

export interface Scenario {
  name: string;
  replies: ScriptedReply[];
  /**
   * JavaScript: `async (core, env) => result`; env = { model, thinkingModel, key, proxyUrl, ai (the served pi-ai), record (an event
   * as JSON when it happens; null for the mock's message_update: see the test), recordAll (every event) }
   */
  source: string;
}

// shared by the scripts: a tool that adds two numbers (and reports progress), one that steers its own agent
const PRELUDE = `
  const add = {
    name: "add", label: "Add", description: "Adds a and b",
    parameters: { type: "object", required: ["a", "b"], properties: { a: { type: "number" }, b: { type: "number" } } },
    execute: async (id, params, signal, onUpdate) => {
      onUpdate?.({ content: [{ type: "text", text: "adding" }], details: { step: 1 } });
      return { content: [{ type: "text", text: String(params.a + params.b) }], details: { sum: params.a + params.b } };
    },
  };
  const listen = (agent, record = env.record) => { const events = []; agent.subscribe((event) => { const seen = record(event); if (seen) events.push(seen); }); return events; };
  const final = (agent) => ({ messages: agent.state.messages, systemPrompt: agent.state.systemPrompt, isStreaming: agent.state.isStreaming,
    pending: [...agent.state.pendingToolCalls], error: agent.state.errorMessage ?? null, streaming: agent.state.streamingMessage ?? null });
  const failure = async (run) => { try { await run(); return "no error"; } catch (error) { return error.message; } };
`;

const scenario = (name: string, replies: ScriptedReply[], body: string): Scenario => ({ name, replies, source: `async (core, env) => {${PRELUDE}${body}}` });

export const SCENARIOS: Scenario[] = [
  scenario(
    "a text reply through the default stream function",
    [{ text: "Hello there" }],
    `const agent = new core.Agent({ initialState: { systemPrompt: "Be brief.", model: env.model }, getApiKey: () => env.key, sessionId: "s-1" });
     const events = listen(agent);
     await agent.prompt("hi");
     return { events, ...final(agent) };`,
  ),
  scenario(
    "tools: coerced arguments, an unknown tool, bad arguments, both hooks, then the answer",
    [
      { toolCalls: [{ id: "c1", name: "add", arguments: { a: "2", b: 3 } }, { id: "c2", name: "nope", arguments: {} }, { id: "c3", name: "add", arguments: { a: "x" } }] },
      { text: "It is 5." },
    ],
    `const seen = [];
     const agent = new core.Agent({
       initialState: { systemPrompt: "Use tools.", model: env.model, tools: [add] },
       getApiKey: () => env.key,
       beforeToolCall: async ({ toolCall, args, context }) => { seen.push(["before", toolCall.id, args, context.messages.length]); return undefined; },
       afterToolCall: async ({ toolCall, result, isError }) => { seen.push(["after", toolCall.id, isError]); return isError ? undefined : { details: { ...result.details, audited: true } }; },
     });
     const events = listen(agent);
     await agent.prompt("add 2 and 3");
     return { events, seen, ...final(agent) };`,
  ),
  scenario(
    "a blocked call that asks to stop ends the run without another request (sequential)",
    [{ toolCalls: [{ id: "c4", name: "add", arguments: { a: 1, b: 1 } }] }],
    `const agent = new core.Agent({
       initialState: { model: env.model, tools: [add] }, getApiKey: () => env.key, toolExecution: "sequential",
       beforeToolCall: async () => ({ block: true, reason: "not now", terminate: true }),
     });
     const events = listen(agent);
     await agent.prompt("add");
     return { events, ...final(agent) };`,
  ),
  scenario(
    "steering from a running tool, then a queued follow-up",
    [{ toolCalls: [{ id: "c5", name: "note", arguments: {} }] }, { text: "steered" }, { text: "followed" }],
    `let agent;
     const note = { name: "note", label: "Note", description: "notes", parameters: { type: "object", properties: {} },
       execute: async () => { agent.steer({ role: "user", content: "steer now", timestamp: 1 }); return { content: [{ type: "text", text: "noted" }], details: {} }; } };
     agent = new core.Agent({ initialState: { model: env.model, tools: [note] }, getApiKey: () => env.key });
     agent.followUp({ role: "user", content: "and then", timestamp: 2 });
     const peeked = agent.peekQueuedMessages();
     const events = listen(agent);
     await agent.prompt("go");
     return { peeked, events, queued: agent.hasQueuedMessages(), ...final(agent) };`,
  ),
  scenario(
    "abort while the reply streams",
    [{ text: ["one ", "two ", "three ", "four"], delayMs: 40 }],
    `const agent = new core.Agent({ initialState: { model: env.model }, getApiKey: () => env.key });
     const events = [];
     agent.subscribe((event) => {
       if (event.type !== "message_update") events.push(event.type);
       if (event.type === "message_update" && event.assistantMessageEvent.type === "text_delta") agent.abort();
     });
     await agent.prompt("count");
     const last = agent.state.messages.at(-1);
     return { types: events, stopReason: last.stopReason, aborted: agent.signal === undefined, error: typeof agent.state.errorMessage };`,
  ),
  scenario(
    "the low-level loop: agentLoop, runAgentLoop, agentLoopContinue",
    [{ toolCalls: [{ id: "c6", name: "add", arguments: { a: 4, b: 5 } }] }, { text: "nine" }, { text: "again" }],
    `const config = { model: env.model, convertToLlm: (messages) => messages.filter((m) => m.role !== "note"), getApiKey: () => env.key, toolExecution: "sequential" };
     const context = { messages: [{ role: "system", content: "Low level.", timestamp: 1 }], tools: [add] };
     const streamed = [];
     const stream = core.agentLoop([{ role: "user", content: "4+5", timestamp: 2 }, { role: "note", text: "ui only", timestamp: 3 }], context, config, undefined);
     for await (const event of stream) { const seen = env.record(event); if (seen) streamed.push(seen); }
     const added = await stream.result();
     const continued = [];
     const messages = [...context.messages, ...added, { role: "user", content: "once more", timestamp: 4 }];
     const result = await core.runAgentLoopContinue({ messages, tools: [] }, config, (event) => { const seen = env.record(event); if (seen) continued.push(seen); }, undefined);
     const refused = await failure(async () => core.agentLoopContinue({ messages: added.slice(0, 4) }, config, undefined));
     return { streamed, added, contextAfter: context.messages.length, continued, result, refused };`,
  ),
  scenario(
    "finishTurn continues once, prepareRequest sees the context, transformContext trims it",
    [{ text: "first" }, { text: "second" }],
    `const turns = [];
     const agent = new core.Agent({
       initialState: { systemPrompt: "p", model: env.model }, getApiKey: () => env.key,
       transformContext: async (messages) => messages.filter((m) => m.role !== "note"),
       prepareRequest: async ({ context, thinkingLevel }) => { turns.push(["request", context.messages.length, thinkingLevel]); return undefined; },
       finishTurn: async ({ message, newMessages }) => { turns.push(["finish", message.content[0].text, newMessages.length]); return turns.length < 3 ? { action: "continue" } : undefined; },
     });
     agent.state.messages.push({ role: "note", text: "kept out", timestamp: 5 });
     const events = listen(agent);
     await agent.prompt("start");
     return { turns, types: events.map((event) => event.type), ...final(agent) };`,
  ),
  scenario(
    "runToolCall, continue, reset, queues and a failing convertToLlm (no model call)",
    [],
    `const assistantMessage = { role: "assistant", content: [], api: "x", provider: "x", model: "x", usage: {}, stopReason: "toolUse", timestamp: 1 };
     const call = (args, name = "add") => ({ type: "toolCall", id: "t1", name, arguments: args });
     const aborted = new AbortController(); aborted.abort();
     const updates = [];
     const runs = [
       await core.runToolCall(call({ a: "1", b: 2 }), { tools: [add], assistantMessage, context: { messages: [] }, onUpdate: (u) => { updates.push(u); } }),
       await core.runToolCall(call({ a: 1, b: 2 }), { tools: [add], assistantMessage, context: { messages: [] }, beforeToolCall: async () => ({ block: true }) }),
       await core.runToolCall(call({ a: 1, b: 2 }), { tools: [add], assistantMessage, context: { messages: [] }, signal: aborted.signal }),
       await core.runToolCall(call({}, "gone"), { tools: [add], assistantMessage, context: { messages: [] } }),
       await core.runToolCall(call({ a: 1, b: 2 }), { tools: [add], assistantMessage, context: { messages: [] }, afterToolCall: async () => { throw new Error("after broke"); } }),
       await core.runToolCall(call({ a: 1, b: 2 }), { tools: [add], assistantMessage, context: { messages: [] }, afterToolCall: async () => ({ content: [{ type: "text", text: "replaced" }], isError: true, terminate: true }) }),
     ].map((outcome) => ({ ...outcome, durationMs: typeof outcome.durationMs }));
     const agent = new core.Agent({ initialState: { systemPrompt: "base", tools: [add], model: env.model }, steeringMode: "all" });
     const empty = await failure(() => new core.Agent({}).continue());
     agent.steer({ role: "user", content: "s1", timestamp: 1 }); agent.steer({ role: "user", content: "s2", timestamp: 2 });
     const peekAll = agent.peekQueuedMessages().length;
     agent.steeringMode = "one-at-a-time";
     const peekOne = agent.peekQueuedMessages().length;
     agent.state.messages.push({ role: "assistant", content: [{ type: "text", text: "x" }], api: "a", provider: "p", model: "m", usage: {}, stopReason: "stop", timestamp: 3 });
     agent.convertToLlm = () => { throw new Error("convert broke"); };
     const events = listen(agent);
     await agent.continue();
     const afterFailure = final(agent);
     const tools = [add]; agent.state.tools = tools; const copied = agent.state.tools !== tools;
     agent.reset();
     return { runs, updates, empty, peekAll, peekOne, events, afterFailure, copied, afterReset: final(agent), modes: [agent.steeringMode, agent.followUpMode, agent.toolExecution, agent.transport] };`,
  ),
  scenario(
    "parallel tools end in completion order, all-terminating results stop; a truncated reply's calls fail; prepareNextTurn; sections; images",
    [
      { toolCalls: [{ id: "P1", name: "slow", arguments: {} }, { id: "P2", name: "fast", arguments: {} }] },
      { toolCalls: [{ id: "L1", name: "fast", arguments: {} }], stopReason: "length" },
      { text: "after length" },
      { text: "seen" },
    ],
    `let release;
     const gate = new Promise((resolve) => (release = resolve));
     const tool = (name, execute) => ({ name, label: name, description: name, parameters: { type: "object", properties: {} }, execute });
     const slow = tool("slow", async () => { await gate; await new Promise((resolve) => setTimeout(resolve, 20)); return { content: [{ type: "text", text: "slow done" }], details: {}, terminate: true }; });
     const fast = tool("fast", async () => { release(); return { content: [{ type: "text", text: "fast done" }], details: { n: 1 }, terminate: true, structuredContent: { ok: true } }; });
     let injected = false;
     const agent = new core.Agent({
       initialState: { systemPrompt: "p", model: env.model, tools: [slow, fast] }, getApiKey: () => env.key,
       prepareNextTurnWithContext: async ({ message }) => { if (injected) return undefined; injected = true; return { messages: [{ role: "user", content: "injected after " + message.stopReason, timestamp: 9 }] }; },
     });
     const events = listen(agent);
     let busy;
     const off = agent.subscribe(async (event) => { if (event.type === "agent_start") busy = await failure(() => agent.prompt("too soon")); });
     await agent.prompt("run both");
     off();
     agent.state.tools = [fast];
     await agent.prompt([{ role: "system", content: "", sections: { skills: "<skills/>" }, toolsAdded: [{ name: "ignored", description: "", parameters: {} }], timestamp: 1 }, { role: "user", content: "go on", timestamp: 2 }]);
     await agent.prompt("look", [{ type: "image", data: "aGk=", mimeType: "image/png" }]);
     return { busy, events, ...final(agent) };`,
  ),
  scenario(
    "the Agent's payload, response and provider-event observers see the request, with the model",
    [{ text: "observed" }],
    `const seen = { payloads: [], responses: [], events: 0, models: new Set() };
     const agent = new core.Agent({
       initialState: { systemPrompt: "watch", model: env.model }, getApiKey: () => env.key,
       onPayload: (payload, model) => { seen.models.add(model.id); seen.payloads.push({ model: payload.model, stream: payload.stream, messages: payload.messages.length }); return { ...payload, max_tokens: 77 }; },
       onResponse: (response, model) => { seen.models.add(model.id); seen.responses.push([response.status, response.headers["content-type"]]); },
       onProviderStreamEvent: (data, model) => { seen.models.add(model.id); seen.events++; },
     });
     await agent.prompt("hi");
     return { ...seen, events: seen.events > 0, models: [...seen.models], reply: agent.state.messages.at(-1).content };`,
  ),
  scenario(
    "thinking level and budgets reach the provider (Anthropic, budget-sized thinking)",
    [{ thinking: "Let me think.", thinkingSignature: "sig-1", text: "Thought it through." }],
    `const agent = new core.Agent({ initialState: { model: env.thinkingModel, thinkingLevel: "high" }, getApiKey: () => env.key, thinkingBudgets: { high: 3000 }, sessionId: "s-3" });
     const events = listen(agent);
     await agent.prompt("think");
     return { events, ...final(agent) };`,
  ),
  scenario(
    "a stream function of the extension's own: every update, the request's context and options",
    [],
    `const requests = [];
     const usage = { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 3, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
     const replies = [
       [{ type: "text", text: "Let me add." }, { type: "toolCall", id: "s1", name: "add", arguments: { a: 1, b: 2 } }],
       [{ type: "thinking", thinking: "easy" }, { type: "text", text: "3" }],
     ];
     const streamFn = (model, context, options) => {
       requests.push({ roles: context.messages.map((m) => m.role), system: context.messages.filter((m) => m.role === "system"), keys: Object.keys(options).sort(),
         apiKey: options.apiKey, level: options.reasoning ?? null, sessionId: options.sessionId, transport: options.transport, budgets: options.thinkingBudgets, aborted: options.signal.aborted });
       const stream = env.ai.createAssistantMessageEventStream();
       const blocks = replies.shift();
       const message = { role: "assistant", content: [], api: model.api, provider: model.provider, model: model.id, usage, stopReason: "stop", timestamp: 1 };
       const snapshot = () => ({ ...message, content: message.content.map((block) => ({ ...block })) });
       queueMicrotask(() => {
         stream.push({ type: "start", partial: snapshot() });
         blocks.forEach((block, index) => {
           const kind = block.type === "toolCall" ? "toolcall" : block.type;
           message.content.push(block.type === "toolCall" ? { ...block, arguments: {} } : { ...block, [block.type]: "" });
           stream.push({ type: kind + "_start", contentIndex: index, partial: snapshot() });
           message.content[index] = block;
           stream.push({ type: kind + "_delta", contentIndex: index, delta: JSON.stringify(block), partial: snapshot() });
           stream.push(block.type === "toolCall" ? { type: "toolcall_end", contentIndex: index, toolCall: block, partial: snapshot() } : { type: kind + "_end", contentIndex: index, content: block[block.type], partial: snapshot() });
         });
         const stopReason = blocks.some((block) => block.type === "toolCall") ? "toolUse" : "stop";
         stream.push({ type: "done", reason: stopReason, message: { ...snapshot(), stopReason } });
         stream.end();
       });
       return stream;
     };
     const agent = new core.Agent({ initialState: { systemPrompt: "Own stream.", model: env.model, thinkingLevel: "high", tools: [add] }, streamFn, getApiKey: async () => "dynamic-key", sessionId: "s-2", thinkingBudgets: { high: 2048 } });
     const events = listen(agent, env.recordAll);
     await agent.prompt("1+2");
     agent.state.tools = [];
     agent.state.thinkingLevel = "off";
     replies.push([{ type: "text", text: "no tools now" }]);
     await agent.prompt("again");
     return { requests, events, ...final(agent) };`,
  ),
  scenario(
    "streamProxy rebuilds the reply from the proxy's events",
    [],
    `const results = [];
     for (const token of ["good", "bad", "drop"]) {
       const stream = core.streamProxy(env.model, { messages: [{ role: "user", content: "hi", timestamp: 1 }] }, { authToken: token, proxyUrl: env.proxyUrl, maxTokens: 10, apiKey: "not sent" });
       const types = [];
       for await (const event of stream) types.push(event.type === "toolcall_delta" ? [event.type, event.partial.content[event.contentIndex].arguments] : event.type);
       results.push({ types, message: await stream.result() });
     }
     return results;`,
  ),
  // last: it replaces the process's default stream function, and puts pi-ai's streamSimple back
  scenario(
    "setDefaultStreamFn: an Agent and a loop given no stream function use it; none set, they refuse",
    [],
    `const calls = [];
     core.setDefaultStreamFn((model, context, options) => {
       calls.push([model.id, context.messages.map((m) => m.role), options.apiKey]);
       const stream = env.ai.createAssistantMessageEventStream();
       const message = { role: "assistant", content: [{ type: "text", text: "from the default" }], api: model.api, provider: model.provider, model: model.id,
         usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: "stop", timestamp: 1 };
       queueMicrotask(() => { stream.push({ type: "done", reason: "stop", message }); stream.end(); });
       return stream;
     });
     const agent = new core.Agent({ initialState: { model: env.model }, getApiKey: () => "k" });
     const events = listen(agent, env.recordAll);
     await agent.prompt("x");
     core.setDefaultStreamFn(undefined);
     const refused = await failure(async () => new core.Agent({}));
     const emitted = [];
     const loopRefused = await failure(() => core.runAgentLoop([], { messages: [] }, { model: env.model, convertToLlm: (m) => m }, (event) => { emitted.push(event.type); }, undefined));
     core.setDefaultStreamFn(env.ai.streamSimple);
     return { calls, events, refused, loopRefused, emitted, messages: agent.state.messages };`,
  ),
];
