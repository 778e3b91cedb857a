import { JsonlSessionStore } from "../plugins/sessions/storage/jsonl-store.js";
import { SessionManager } from "../plugins/sessions/session-manager.js";
import { convertToLlm } from "../lib/transcript/convert-to-llm.js";
import { buildAnthropicRequest } from "../plugins/provider-anthropic/anthropic-request.js";
import { streamedJsonBody } from "../lib/http/json-body-stream.js";
const file = process.argv[2]!;
const times: string[] = [];
let c0 = process.cpuUsage();
const lap = (label: string) => { const c = process.cpuUsage(c0); times.push(`${label} ${((c.user + c.system) / 1000).toFixed(0)}`); c0 = process.cpuUsage(); };
const store = new JsonlSessionStore({ agentDir: "/tmp/rs/home/agent" });
const manager = SessionManager.open(store, file, {});
lap("open");
const context = manager.buildSessionContext();
lap("context");
const llm = convertToLlm(context.messages);
lap("convert");
const model = { id: "mock-model", provider: "mock", api: "anthropic-messages", input: ["text"], reasoning: false, contextWindow: 1e8, maxTokens: 8192 } as never;
const req = buildAnthropicRequest({ model, messages: llm, systemPrompt: "sys", tools: [], apiKey: "k" } as never);
lap("anthropic");
const body = streamedJsonBody(req.body, new AbortController().signal)!;
lap("sizecheck");
let bytes = 0;
const chunks: Uint8Array[] = [];
for await (const chunk of body) { bytes += chunk.length; if (process.env.CHECK) chunks.push(chunk); }
lap("stringify");
if (process.env.CHECK) { const same = Buffer.concat(chunks).toString("utf8") === JSON.stringify(req.body); console.log("identical to JSON.stringify:", same); }
manager.close();
console.log(times.join(" | "), "| bytes", bytes);
