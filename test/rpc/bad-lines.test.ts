// Every bad line gets an error response that names the problem (and echoes the id when there is one), and the
// process keeps reading: a good command after the whole corpus is still answered.
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { spawnRpc, type RpcResponseRecord } from "./rpc-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await world.close();
});

interface Case {
  line: string;
  id?: string | number;
  command: string;
  error: RegExp;
}

const CORPUS: Case[] = [
  { line: "not json", command: "parse", error: /^Failed to parse command: .*JSON/ },
  { line: '{"id":"a1","type":', command: "parse", error: /^Failed to parse command: / },
  { line: '[{"type":"get_state"}]', command: "parse", error: /one JSON object per line, got an array/ },
  { line: "42", command: "parse", error: /got a number/ },
  { line: '"get_state"', command: "parse", error: /got a string/ },
  { line: "null", command: "parse", error: /got null/ },
  { line: '{"id":"m1"}', id: "m1", command: "parse", error: /no "type" field/ },
  { line: '{"id":"m2","type":7}', id: "m2", command: "parse", error: /"type" must be a string, got 7/ },
  { line: '{"id":{"x":1},"type":"get_state"}', command: "get_state", error: /"id" must be a string or a number, got an object/ },
  { line: '{"id":"u1","type":"launch_rockets"}', id: "u1", command: "launch_rockets", error: /^Unknown command: launch_rockets$/ },
  { line: '{"id":"f1","type":"prompt"}', id: "f1", command: "prompt", error: /"message" is missing \(expected string\)/ },
  { line: '{"id":"f2","type":"prompt","message":42}', id: "f2", command: "prompt", error: /"message": expected string, received number/ },
  {
    line: '{"id":"f3","type":"prompt","message":"x","images":[{"type":"image","data":1}]}',
    id: "f3",
    command: "prompt",
    error: /"images\.0\.data": expected string, received number.*"images\.0\.mimeType" is missing/,
  },
  { line: '{"id":"f4","type":"prompt","message":"x","streamingBehavior":"later"}', id: "f4", command: "prompt", error: /"streamingBehavior"/ },
  { line: '{"id":"f5","type":"set_thinking_level","level":"maximal"}', id: "f5", command: "set_thinking_level", error: /"level".*"off"/ },
  { line: '{"id":"f6","type":"set_steering_mode","mode":1}', id: "f6", command: "set_steering_mode", error: /"mode"/ },
  { line: '{"id":"f7","type":"set_auto_retry","enabled":"yes"}', id: "f7", command: "set_auto_retry", error: /"enabled": expected boolean, received string/ },
  { line: '{"id":"f8","type":"bash"}', id: "f8", command: "bash", error: /"command" is missing/ },
  { line: '{"id":"f9","type":"fork","entryId":null}', id: "f9", command: "fork", error: /"entryId": expected string, received null/ },
  { line: '{"id":"f10","type":"switch_session","sessionPath":["a"]}', id: "f10", command: "switch_session", error: /"sessionPath"/ },
  { line: '{"type":"extension_ui_response","id":5}', id: 5, command: "extension_ui_response", error: /"id": expected string/ },
  { line: '{"id":"r1","type":"set_model","provider":"nope","modelId":"x"}', id: "r1", command: "set_model", error: /^Model not found: nope\/x/ },
  { line: '{"id":"r2","type":"fork","entryId":"missing"}', id: "r2", command: "fork", error: /missing/ },
  { line: '{"id":"r3","type":"set_session_name","name":"   "}', id: "r3", command: "set_session_name", error: /cannot be empty/ },
  { line: '{"id":"r4","type":"export_html"}', id: "r4", command: "export_html", error: /^Nothing to export yet: start a conversation first\.$/ },
];

it("answers each line of a bad-line corpus in turn and stays up for the next good command", async () => {
  const rpc = spawnRpc(world);
  for (const { line } of CORPUS) rpc.peer.send(line);
  rpc.peer.send("");
  rpc.peer.send("   ");
  rpc.peer.send({ id: 7, type: "get_state" });
  const numeric = await rpc.peer.response(7);
  expect(numeric.success).toBe(true);
  rpc.peer.send({ id: "ok", type: "get_state" });
  const ok = await rpc.peer.response("ok");
  expect(ok).toMatchObject({ type: "response", command: "get_state", success: true });
  rpc.peer.end();
  const { code } = await rpc.exited;
  expect(code).toBe(0);
  expect(rpc.peer.strayLines).toEqual([]);

  const responses = rpc.peer.ofType("response") as RpcResponseRecord[];
  // One response per non-blank line: blank lines are not commands.
  expect(responses).toHaveLength(CORPUS.length + 2);
  const withoutId = responses.filter((response) => response.id === undefined);
  const casesWithoutId = CORPUS.filter((entry) => entry.id === undefined);
  expect(withoutId).toHaveLength(casesWithoutId.length);
  casesWithoutId.forEach((entry, index) => {
    expect(withoutId[index], entry.line).toMatchObject({ type: "response", command: entry.command, success: false });
    expect(withoutId[index]!.error, entry.line).toMatch(entry.error);
  });
  for (const entry of CORPUS.filter((candidate) => candidate.id !== undefined)) {
    const response = responses.find((candidate) => candidate.id === entry.id);
    expect(response, entry.line).toMatchObject({ type: "response", command: entry.command, success: false });
    expect(response!.error, entry.line).toMatch(entry.error);
  }
  // Nothing was sent to the model: no bad line turned into a prompt.
  expect(world.mock.requests).toHaveLength(0);
});
