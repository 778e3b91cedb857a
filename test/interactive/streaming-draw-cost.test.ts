// What streams in is read when it is drawn, not at each delta: a reply's text, and a tool call's arguments. Reading a
// growing text (trim, compare, split into lines) copies all of it, so reading it per delta made a long reply or a
// big `write` call cost in proportion to its length squared (figures in docs/interactive.md). The texts here count
// how often they are read.
import { describe, expect, it } from "vitest";
import type { AssistantMessage as AssistantMessageData } from "../../kernel/index.js";
import { AssistantMessage } from "../../plugins/interactive/components/assistant-message.js";
import { ToolRow } from "../../plugins/interactive/components/tool-row.js";
import { rendererFor } from "../../plugins/interactive/tools/renderers.js";
import { Theme } from "../../plugins/interactive/theme/theme.js";
import { DARK } from "../../plugins/interactive/theme/tokens.js";

/** a text block whose `text` counts its reads, growing as a builder grows it */
function countedTextBlock() {
  let text = "";
  let reads = 0;
  const block = {
    type: "text" as const,
    get text() {
      reads++;
      return text;
    },
    set text(value: string) {
      text = value;
    },
  };
  return { block, reads: () => reads, append: (delta: string) => (text += delta) };
}

function reply(content: AssistantMessageData["content"]): AssistantMessageData {
  return { role: "assistant", content, api: "anthropic-messages", provider: "mock", model: "m", usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: "stop", timestamp: 0 };
}

describe("a streaming reply", () => {
  it("reads its text once per frame drawn, however many deltas came between frames", () => {
    const streamed = countedTextBlock();
    const message = reply([streamed.block]);
    const component = new AssistantMessage(message, new Theme("dark", DARK, "truecolor"), { hideThinking: false, hiddenThinkingLabel: "Thinking..." });
    const readsAtStart = streamed.reads();
    for (let delta = 0; delta < 1000; delta++) {
      streamed.append(`word${delta} `);
      component.update(message);
    }
    expect(streamed.reads() - readsAtStart).toBe(0);

    const lines = component.render(80).join("\n");
    expect(lines).toContain("word0");
    expect(lines).toContain("word999");
    const readsForOneFrame = streamed.reads() - readsAtStart;
    expect(readsForOneFrame).toBeGreaterThan(0);
    expect(readsForOneFrame).toBeLessThan(5);

    // a frame with nothing new reads nothing
    const before = streamed.reads();
    component.render(80);
    expect(streamed.reads()).toBe(before);
  });

  it("shows the finished text when it ends before another frame is drawn", () => {
    const streamed = countedTextBlock();
    const message = reply([streamed.block]);
    const component = new AssistantMessage(message, new Theme("dark", DARK, "truecolor"), { hideThinking: false, hiddenThinkingLabel: "Thinking..." });
    streamed.append("first part, ");
    component.update(message);
    streamed.append("and the end.");
    component.update(message);
    component.end();
    expect(component.render(80).join("\n")).toContain("first part, and the end.");
  });
});

describe("a streaming tool call", () => {
  it("renders its arguments once per frame drawn, however many deltas came between frames", () => {
    let content = "";
    let reads = 0;
    const args = {
      path: "big.ts",
      get content() {
        reads++;
        return content;
      },
    };
    const row = new ToolRow("call-1", "write", { theme: new Theme("dark", DARK, "truecolor"), expanded: false, expandKey: "ctrl+o", images: { show: false, widthCells: 60 }, cwd: process.cwd(), renderer: rendererFor("write", undefined) });
    for (let delta = 0; delta < 1000; delta++) {
      content += `line ${delta}\n`;
      row.setArgs(args);
    }
    expect(reads).toBe(0);

    // without colours: once highlight.js has loaded (another test may have loaded it in this worker) the TypeScript
    // is coloured, and "line 0" is two tokens
    const shown = row.render(80).join("\n").replace(/\x1b\[[0-9;]*m/g, "");
    expect(shown).toContain("big.ts");
    expect(shown).toContain("line 0");
    expect(shown).toContain("990 more lines, 1000 total");
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThan(5);
    const afterFrame = reads;
    row.render(80);
    expect(reads).toBe(afterFrame);
  });
});
