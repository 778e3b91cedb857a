// Tools of one's own: a plugin registers them through the same door as pith's built-in tools. The model gets
// only the tools the session allows (`tools`), here pith's `read` and the plugin's `todo`.
//
//   npx jiti docs/examples/custom-tools.ts
import { createPithSession, definePlugin, type ToolDefinition } from "pith";

interface TodoArgs {
  action: "add" | "done" | "list";
  text?: string;
}

const todos: { text: string; done: boolean }[] = [];

const todoTool: ToolDefinition<TodoArgs, { open: number }> = {
  name: "todo",
  label: "Todo list",
  description: "Keep a todo list for the current task: add an item, mark one done (by its text), or list them.",
  promptSnippet: "Keep a todo list for multi-step work",
  promptGuidelines: ["Add a todo for each step of a multi-step task, and mark it done when finished."],
  // Plain JSON Schema: the kernel validates the model's arguments against it before execute runs.
  parameters: {
    type: "object",
    properties: {
      action: { type: "string", enum: ["add", "done", "list"] },
      text: { type: "string", description: "the item (add, done)" },
    },
    required: ["action"],
    additionalProperties: false,
  },
  // The list is shared state: calls in one reply run one after another.
  executionMode: "sequential",
  async execute({ action, text }) {
    if (action !== "list" && !text) throw new Error(`"${action}" needs the item's text`);
    if (action === "add") todos.push({ text: text!, done: false });
    if (action === "done") {
      const item = todos.find((todo) => todo.text === text);
      if (!item) throw new Error(`no todo "${text}"; call todo with action "list" to see them`);
      item.done = true;
    }
    const lines = todos.map((todo) => `[${todo.done ? "x" : " "}] ${todo.text}`);
    const open = todos.filter((todo) => !todo.done).length;
    return { content: [{ type: "text", text: lines.join("\n") || "(empty)" }], details: { open } };
  },
};

const todoPlugin = definePlugin({
  name: "todo",
  setup(context) {
    context.registerTool(todoTool);
    // Handlers may adjust arguments before the tool runs, e.g. tidy what the model wrote.
    context.on("tool_call", (event) => {
      if (typeof event.input.text === "string") event.input.text = event.input.text.trim();
    }, { tools: ["todo"] });
  },
});

const session = await createPithSession({ plugins: [todoPlugin], tools: ["read", "todo"], noSession: true });
session.subscribe((event) => {
  if (event.type === "tool_execution_end") {
    const output = (event.result as { content: { type: string; text?: string }[] }).content.map((block) => block.text ?? "").join("");
    console.log(`${event.toolName}${event.isError ? " failed" : ""}:\n${output}`);
  }
});
await session.prompt("Plan the release: write the changelog, tag the version. Track both as todos.");
console.log(session.getLastAssistantText());
console.log(`tools the model had: ${session.agent.activeToolNames().join(", ")}`);
await session.dispose();
