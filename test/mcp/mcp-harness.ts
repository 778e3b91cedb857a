// A CLI world with MCP servers: writes mcp.json files, runs the built `pith` against the mock LLM, and reads
// what the model was offered (tools, system prompt) and what it got back (tool results) from the recorded requests.
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";

export const FIXTURE_SERVER = fileURLToPath(new URL("./fixtures/servers.mjs", import.meta.url));

export interface McpWorld extends CliWorld {
  markerFile: string;
  writeUserConfig(config: unknown): Promise<void>;
  writeProjectConfig(config: unknown): Promise<void>;
  /** the events the fixture servers wrote to the marker file */
  markers(): Promise<string[]>;
  /** `pith -p --no-session --model mock/mock-model ...` */
  print(args: string[], options?: Parameters<CliWorld["run"]>[1]): ReturnType<CliWorld["run"]>;
}

export async function createMcpWorld(): Promise<McpWorld> {
  const world = await createCliWorld();
  // the mock model takes images, so image results reach it
  const models = JSON.parse(await readFile(join(world.agentDir, "models.json"), "utf8")) as { providers: { mock: { models: Record<string, unknown>[] } } };
  models.providers.mock.models[0]!.input = ["text", "image"];
  await writeFile(join(world.agentDir, "models.json"), JSON.stringify(models));
  const markerFile = join(world.home, "markers.txt");
  world.env.FIXTURE_MARKER = markerFile;
  return {
    ...world,
    markerFile,
    async writeUserConfig(config) {
      await writeFile(join(world.agentDir, "mcp.json"), JSON.stringify(config, null, 2));
    },
    async writeProjectConfig(config) {
      await mkdir(join(world.project, ".pi"), { recursive: true });
      await writeFile(join(world.project, ".pi", "mcp.json"), JSON.stringify(config, null, 2));
    },
    async markers() {
      return (await readFile(markerFile, "utf8").catch(() => "")).split("\n").filter(Boolean);
    },
    print(args, options) {
      return world.run(["-p", "--no-session", "--model", "mock/mock-model", ...args], options);
    },
  };
}

/** Whether a process runs (a zombie counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** The pids the fixture servers noted as `<label> <pid>`. */
export const notedPids = (markers: string[], label: string) => markers.filter((line) => line.startsWith(`${label} `)).map((line) => Number(line.split(" ")[1]));

/** A stdio entry running the fixture server. */
export function fixtureServer(extra: Record<string, unknown> = {}, args: string[] = []): Record<string, unknown> {
  return { command: process.execPath, args: [FIXTURE_SERVER, "stdio", ...args], ...extra };
}

interface AnthropicBody {
  system?: { text: string }[] | string;
  tools?: { name: string; description: string; input_schema: unknown }[];
  messages: { role: string; content: string | { type: string; [key: string]: unknown }[] }[];
}

export const bodyOf = (world: CliWorld, index: number) => world.mock.requests[index]!.body as unknown as AnthropicBody;
export const toolNames = (world: CliWorld, index: number) => (bodyOf(world, index).tools ?? []).map((tool) => tool.name);
export const systemText = (world: CliWorld, index: number) => {
  const system = bodyOf(world, index).system;
  return typeof system === "string" ? system : (system ?? []).map((block) => block.text).join("\n");
};

/** The tool_result blocks of the last user message of a request. */
export function toolResults(world: CliWorld, index: number): { content: { type: string; text?: string; source?: { data: string } }[]; is_error?: boolean }[] {
  const last = bodyOf(world, index).messages.at(-1)!;
  const blocks = typeof last.content === "string" ? [] : last.content;
  return blocks
    .filter((block) => block.type === "tool_result")
    .map((block) => {
      const content = block.content as string | { type: string }[];
      return { content: typeof content === "string" ? [{ type: "text", text: content }] : (content as never), is_error: block.is_error as boolean | undefined };
    });
}

export const resultText = (result: ReturnType<typeof toolResults>[number]) => result.content.flatMap((block) => (block.type === "text" ? [block.text ?? ""] : [])).join("\n");
