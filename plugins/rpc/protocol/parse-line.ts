// One input line → a command ready to run, an answer to a dialog, or the error response the line deserves.
// Nothing here throws: every bad line is answered and the next line is read.
import { errorMessage } from "../../../kernel/index.js";
import { COMMAND_SCHEMAS, UI_RESPONSE_SCHEMA, checkPayload, describeIssues, isCommandType, type RpcCommandType, type RpcPayload, type UiResponse } from "./command-schemas.js";
import { PARSE_COMMAND, failure, type RpcFailure, type RpcId } from "./responses.js";

export const UI_RESPONSE_TYPE = "extension_ui_response";

export type ParsedCommand<T extends RpcCommandType = RpcCommandType> = { kind: "command"; id: RpcId | undefined; type: T; payload: RpcPayload<T> };

export type ParsedLine =
  | ParsedCommand
  | { kind: "ui-response"; response: UiResponse }
  | { kind: "invalid"; response: RpcFailure };

export function parseLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return invalid(undefined, PARSE_COMMAND, `Failed to parse command: ${errorMessage(error)}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const got = Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`;
    return invalid(undefined, PARSE_COMMAND, `Failed to parse command: expected one JSON object per line, got ${got}.`);
  }
  const { id: rawId, type, ...payload } = value as Record<string, unknown>;
  const command = typeof type === "string" ? type : PARSE_COMMAND;
  const id = typeof rawId === "string" || typeof rawId === "number" ? rawId : undefined;
  if (rawId !== undefined && rawId !== null && id === undefined) {
    return invalid(undefined, command, `"id" must be a string or a number, got ${describe(rawId)}.`);
  }
  if (type === undefined) return invalid(id, PARSE_COMMAND, 'The command has no "type" field, e.g. {"type":"get_state"}.');
  if (typeof type !== "string") return invalid(id, PARSE_COMMAND, `"type" must be a string, got ${describe(type)}.`);

  if (type === UI_RESPONSE_TYPE) {
    const checked = checkPayload(UI_RESPONSE_SCHEMA, value);
    if (!checked.success) return invalid(id, type, `Invalid ${type}: ${describeIssues(checked.error.issues)}.`);
    return { kind: "ui-response", response: checked.data };
  }
  if (!isCommandType(type)) return invalid(id, type, `Unknown command: ${type}`);
  return parsePayload(id, type, payload);
}

function parsePayload<T extends RpcCommandType>(id: RpcId | undefined, type: T, payload: Record<string, unknown>): ParsedLine {
  const checked = checkPayload(COMMAND_SCHEMAS[type], payload);
  if (!checked.success) return invalid(id, type, `Invalid ${type} command: ${describeIssues(checked.error.issues)}.`);
  // The schema of `type` produced this value, so it is that command's payload.
  return { kind: "command", id, type, payload: checked.data as RpcPayload<T> } as ParsedCommand;
}

function invalid(id: RpcId | undefined, command: string, error: string): ParsedLine {
  return { kind: "invalid", response: failure(id, command, error) };
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : JSON.stringify(value);
}
