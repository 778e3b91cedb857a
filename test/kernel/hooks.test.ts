import { describe, expect, it } from "vitest";
import { boot, messageText, PithError, type PithPlugin, type SessionEvent, type ToolDefinition } from "../../kernel/index.js";
import { echoTool, inlineModel, inlinePlugin, inlineProvider } from "./inline-parts.js";
import { validateJsonSchema } from "../../lib/json-schema/index.js";

async function sessionWith(plugins: PithPlugin[], turns: Parameters<typeof inlineProvider>[0]) {
  const { provider, requests } = inlineProvider(turns);
  const problems: PithError[] = [];
  const { session } = await boot({ cwd: process.cwd(), plugins: [inlinePlugin(provider), ...plugins], onProblem: (error) => problems.push(error) });
  await session.setModel(inlineModel);
  return { session, requests, problems };
}

const callEcho = (text: string) => ({ toolCalls: [{ id: "c1", name: "echo", arguments: { text } }] });
const toolResultText = (session: { messages: readonly unknown[] }) =>
  (session.messages.find((m) => (m as { role: string }).role === "toolResult") as { content: { text: string }[]; isError: boolean });

describe("tool_call and the read-only gate", () => {
  it("lets tool_call handlers change arguments in place, and the gate sees exactly what runs", async () => {
    const seenByGate: unknown[] = [];
    const plugin: PithPlugin = {
      name: "rewriter",
      setup(context) {
        context.on("tool_call", (event) => {
          event.input.text = `${event.input.text as string}!`;
          return undefined;
        });
        context.on("tool_gate", (event) => {
          seenByGate.push(event.input);
          expect(Object.isFrozen(event.input)).toBe(true);
          return undefined;
        });
      },
    };
    const { session } = await sessionWith([plugin], [callEcho("hi"), { text: "done" }]);
    await session.prompt("go");
    expect(seenByGate).toEqual([{ text: "hi!" }]);
    expect(toolResultText(session).content[0]!.text).toBe("echo: hi!");
  });

  it("blocks on a block result, and fails closed when a tool_call handler throws", async () => {
    const blocker: PithPlugin = {
      name: "guard",
      setup(context) {
        context.on("tool_call", () => {
          throw new Error("policy engine unreachable");
        });
      },
    };
    const { session, problems } = await sessionWith([blocker], [callEcho("hi"), { text: "ok" }]);
    await session.prompt("go");
    const result = toolResultText(session);
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain("policy engine unreachable");
    expect(problems[0]).toMatchObject({ plugin: "guard", hook: "tool_call" });
  });

  it("the gate can block with a reason, and a handler scoped to other tools is never called", async () => {
    let otherCalls = 0;
    const plugin: PithPlugin = {
      name: "gate",
      setup(context) {
        context.on("tool_call", () => void otherCalls++, { tools: ["bash"] });
        context.on("tool_gate", () => ({ block: true as const, reason: "not on Fridays" }));
      },
    };
    const { session } = await sessionWith([plugin], [callEcho("hi"), { text: "ok" }]);
    await session.prompt("go");
    expect(toolResultText(session).content[0]!.text).toBe("not on Fridays");
    expect(otherCalls).toBe(0);
  });
});

describe("invalid tool calls from the model", () => {
  it("turns an unknown tool, bad arguments and a throwing tool into error results the model can read", async () => {
    const thrower: ToolDefinition = { ...echoTool, name: "explode", execute: async () => { throw new Error("disk on fire"); } } as ToolDefinition;
    const { provider } = inlineProvider([
      {
        toolCalls: [
          { id: "a", name: "nope", arguments: {} },
          { id: "b", name: "echo", arguments: { text: 42, extra: true } },
          { id: "c", name: "explode", arguments: { text: "x" } },
        ],
      },
      { text: "I see the errors" },
    ]);
    const { session } = await boot({
      cwd: process.cwd(),
      plugins: [inlinePlugin(provider, [echoTool as ToolDefinition, thrower])],
      validateArguments: validateJsonSchema,
    });
    await session.setModel(inlineModel);
    await session.prompt("go");
    const results = session.messages.filter((m) => (m as { role: string }).role === "toolResult") as { content: { text: string }[]; isError: boolean }[];
    expect(results.map((r) => r.isError)).toEqual([true, true, true]);
    expect(results[0]!.content[0]!.text).toBe("Tool nope not found");
    expect(results[1]!.content[0]!.text).toMatch(/text/);
    expect(results[2]!.content[0]!.text).toBe("disk on fire");
    expect((session.messages.at(-1) as { content: { text: string }[] }).content[0]!.text).toBe("I see the errors");
  });

  it("passes arguments on unchecked when the host gives the kernel no validator, but only a JSON object", async () => {
    const received: unknown[] = [];
    const recorder = { ...echoTool, name: "record", execute: async (args: unknown) => (received.push(args), { content: [] }) } as ToolDefinition;
    const { provider } = inlineProvider([
      { toolCalls: [{ id: "a", name: "record", arguments: { text: 42 } }] },
      { text: "done" },
    ]);
    const { session } = await boot({ cwd: process.cwd(), plugins: [inlinePlugin(provider, [recorder])] });
    await session.setModel(inlineModel);
    await session.prompt("go");
    expect(received).toEqual([{ text: 42 }]);
  });
});

describe("the prompt pipeline", () => {
  it("runs command, input, expansion and before_agent_start in order", async () => {
    const order: string[] = [];
    const plugin: PithPlugin = {
      name: "pipeline",
      setup(context) {
        context.registerCommand({ name: "hello", handler: (args) => void order.push(`command:${args}`) });
        context.on("input", (state) => (order.push(`input:${state.text}`), { ...state, text: state.text.toUpperCase() }));
        context.on("expand_input", (state) => (order.push(`expand:${state.text}`), { ...state, text: `${state.text}?` }));
        context.on("before_prompt", () => void order.push("before_prompt"));
        context.on("before_agent_start", (state) => {
          order.push(`before_agent_start:${state.prompt}`);
          return { ...state, systemPrompt: "custom", messages: [{ role: "custom" as const, customType: "note", content: "extra", display: false, timestamp: 1 }] };
        });
      },
    };
    const { session, requests } = await sessionWith([plugin], [{ text: "ok" }]);
    await session.prompt("/hello world");
    await session.prompt("hi");
    expect(order).toEqual(["command:world", "input:hi", "expand:HI", "before_prompt", "before_agent_start:HI?"]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.systemPrompt).toBe("custom");
    expect(requests[0]!.messages.map((m) => m.role)).toEqual(["user", "user"]);
    // The per-prompt system prompt does not outlive the prompt.
    expect(session.systemPrompt).toBe("");
  });

  it("drops a prompt an input handler handled, and skips later input handlers", async () => {
    let laterCalled = false;
    const plugin: PithPlugin = {
      name: "eater",
      setup(context) {
        context.on("input", (state) => ({ ...state, handled: true }));
        context.on("input", (state) => ((laterCalled = true), state));
      },
    };
    const { session, requests } = await sessionWith([plugin], []);
    await session.prompt("swallowed");
    expect(requests).toHaveLength(0);
    expect(laterCalled).toBe(false);
  });

  it("delivers steering after the current tool calls and follow-ups when the agent would stop", async () => {
    const { session, requests } = await sessionWith([], [callEcho("one"), { text: "after steering" }, { text: "after follow-up" }]);
    const events: SessionEvent[] = [];
    session.subscribe((event) => {
      events.push(event);
      if (event.type === "tool_execution_start") {
        session.steer("steer me");
        session.followUp("and then this");
      }
    });
    await session.prompt("start");
    const userTexts = session.messages.filter((m) => (m as { role: string }).role === "user").map((m) => messageText(m));
    expect(userTexts).toEqual(["start", "steer me", "and then this"]);
    expect(requests).toHaveLength(3);
    expect(requests[1]!.messages.at(-1)).toMatchObject({ role: "user", content: [{ type: "text", text: "steer me" }] });
    expect(events.filter((e) => e.type === "queue_update").at(-1)).toEqual({ type: "queue_update", steering: [], followUp: [] });
  });

  it("clearQueue takes queued messages out, says so in queue_update, and they are never sent", async () => {
    const { session, requests } = await sessionWith([], [callEcho("one"), { text: "done" }]);
    const events: SessionEvent[] = [];
    let cleared: { steering: string[]; followUp: string[] } | undefined;
    session.subscribe((event) => {
      events.push(event);
      if (event.type === "tool_execution_start") {
        session.steer("steer me");
        session.followUp("and then this");
        cleared = session.clearQueue();
      }
    });
    await session.prompt("start");
    expect(cleared).toEqual({ steering: ["steer me"], followUp: ["and then this"] });
    expect(events.filter((e) => e.type === "queue_update").at(-1)).toEqual({ type: "queue_update", steering: [], followUp: [] });
    expect(requests).toHaveLength(2);
    expect(JSON.stringify(requests[1]!.messages)).not.toContain("steer me");
    expect(session.clearQueue()).toEqual({ steering: [], followUp: [] });
  });

  it("continues the loop when an after_run handler asks, as retry does", async () => {
    let retried = false;
    const plugin: PithPlugin = {
      name: "retry-like",
      setup(context) {
        context.on("after_run", ({ lastAssistant }) => {
          if (lastAssistant?.stopReason !== "error" || retried) return undefined;
          retried = true;
          context.session.replaceMessages(context.session.messages.filter((m) => m !== lastAssistant));
          return { continue: true as const, reason: "retry" };
        });
      },
    };
    const { session, requests } = await sessionWith([plugin], [{ error: "overloaded", status: 529 }, { text: "recovered" }]);
    await session.prompt("hi");
    expect(requests).toHaveLength(2);
    expect(session.messages.map((m) => (m as { role: string }).role)).toEqual(["user", "assistant"]);
    expect((session.messages[1] as { content: { text: string }[] }).content[0]!.text).toBe("recovered");
  });
});

describe("the event chain", () => {
  it("keeps order and survives a failing listener", async () => {
    const { session, problems } = await sessionWith([], [{ text: "a b c" }]);
    const seen: string[] = [];
    session.subscribe((event) => {
      if (event.type === "message_update") throw new Error("renderer crashed");
    });
    session.subscribe(async (event) => {
      await new Promise((resolve) => setTimeout(resolve, event.type === "agent_start" ? 5 : 0));
      seen.push(event.type);
    });
    await session.prompt("go");
    expect(seen[0]).toBe("agent_start");
    expect(seen.slice(-2)).toEqual(["agent_end", "agent_settled"]);
    expect(seen.filter((type) => type === "message_update").length).toBeGreaterThan(2);
    expect(problems.some((problem) => problem.code === "EVENT_LISTENER_FAILED")).toBe(true);
  });

  it("names the plugin and the hook when an observer fails, and goes on", async () => {
    const plugin: PithPlugin = {
      name: "flaky-observer",
      setup(context) {
        context.on("turn_end", () => {
          throw new Error("boom");
        });
      },
    };
    const { session, problems } = await sessionWith([plugin], [{ text: "fine" }]);
    await session.prompt("go");
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toBe("flaky-observer failed in turn_end: boom");
    expect((session.messages.at(-1) as { content: { text: string }[] }).content[0]!.text).toBe("fine");
  });

  it("names the plugin when its setup fails", async () => {
    const broken: PithPlugin = { name: "broken", setup: () => { throw new Error("no config"); } };
    await expect(boot({ cwd: process.cwd(), plugins: [broken] })).rejects.toMatchObject({ plugin: "broken", message: "plugin broken failed during setup: no config" });
  });
});

describe("abort", () => {
  it("ends a run through the AbortSignal and leaves the session idle", async () => {
    const slowTool: ToolDefinition = {
      ...(echoTool as ToolDefinition),
      name: "wait",
      async execute(_args, context) {
        await new Promise((resolve, reject) => context.signal.addEventListener("abort", () => reject(new Error("Operation aborted"))));
        return { content: [] };
      },
    };
    const { provider } = inlineProvider([{ toolCalls: [{ id: "w", name: "wait", arguments: { text: "x" } }] }]);
    const { session } = await boot({ cwd: process.cwd(), plugins: [inlinePlugin(provider, [slowTool])] });
    await session.setModel(inlineModel);
    session.subscribe((event) => {
      if (event.type === "tool_execution_start") void session.abort();
    });
    await session.prompt("go");
    expect(session.isStreaming).toBe(false);
    const result = session.messages.at(-1) as { role: string; isError: boolean; content: { text: string }[] };
    expect(result).toMatchObject({ role: "toolResult", isError: true });
    expect(result.content[0]!.text).toBe("Operation aborted");
  });
});

describe("queuePrompt (pi's RPC steer and follow_up)", () => {
  it("expands skills and templates before queueing, and refuses a command", async () => {
    const plugin: PithPlugin = {
      name: "expander",
      setup(context) {
        context.registerCommand({ name: "now", handler: () => undefined });
        context.on("expand_input", (state) => (state.text.startsWith("/t ") ? { ...state, text: `expanded ${state.text.slice(3)}` } : state));
      },
    };
    const { session, requests } = await sessionWith([plugin], [callEcho("x"), { text: "done" }]);
    let queued: Promise<unknown> | undefined;
    session.subscribe((event) => {
      if (event.type === "tool_execution_start") queued = session.queuePrompt("/t please", { as: "steer" });
    });
    await session.prompt("go");
    await queued;
    expect(requests[1]!.messages.at(-1)).toMatchObject({ role: "user", content: [{ type: "text", text: "expanded please" }] });
    await expect(session.queuePrompt("/now", { as: "followUp" })).rejects.toMatchObject({ code: "COMMAND_NOT_QUEUEABLE" });
  });
});

describe("the context hook", () => {
  it("copies the conversation only when a handler listens (the policy interceptor alone does not count)", async () => {
    const quiet = await sessionWith([], [{ text: "ok" }]);
    expect(quiet.session.hooks.context.isUsed()).toBe(true);
    await quiet.session.prompt("hi");
    expect(quiet.requests[0]!.messages[0]).toBe(quiet.session.messages[0]);

    const listening = await sessionWith([{ name: "observer", setup: (context) => context.on("context", (state) => state) }], [{ text: "ok" }]);
    await listening.session.prompt("hi");
    expect(listening.requests[0]!.messages[0]).not.toBe(listening.session.messages[0]);
    expect(listening.requests[0]!.messages[0]).toEqual(listening.session.messages[0]);
  });
});

describe("taps made straight on a hook", () => {
  it("get the hook's failure policy through tapPromise; callback-style tapAsync is refused, naming the plugin", async () => {
    const { session, problems } = await sessionWith([], [{ text: "ok" }]);
    session.hooks.turn_end.tapPromise("direct", async () => {
      throw new Error("boom");
    });
    await session.prompt("hi");
    expect(problems.map((problem) => problem.message)).toEqual(["direct failed in turn_end: boom"]);
    expect(() => session.hooks.turn_end.tapAsync("callback", (_event, done) => done())).toThrow(
      expect.objectContaining({ code: "HOOK_TAP_ASYNC_UNSUPPORTED", plugin: "callback", hook: "turn_end" }),
    );
    expect(session.hooks.turn_end.taps.map((tap) => tap.name)).toEqual(["direct"]);
  });
});
