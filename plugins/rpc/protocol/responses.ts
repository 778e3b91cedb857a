// Response records, in pi's shape: `{id?, type:"response", command, success:true, data?}` or
// `{id?, type:"response", command, success:false, error}`. `data` is left out when there is none; `null` is kept.

export type RpcId = string | number;

export interface RpcSuccess {
  id?: RpcId;
  type: "response";
  command: string;
  success: true;
  data?: unknown;
}

export interface RpcFailure {
  id?: RpcId;
  type: "response";
  command: string;
  success: false;
  error: string;
}

export type RpcResponse = RpcSuccess | RpcFailure;

/** The pseudo-command of lines that are not a command at all (bad JSON, arrays, no type). */
export const PARSE_COMMAND = "parse";

export function success(id: RpcId | undefined, command: string, data?: unknown): RpcSuccess {
  const response: RpcSuccess = { id, type: "response", command, success: true };
  if (data !== undefined) response.data = data;
  return response;
}

export function failure(id: RpcId | undefined, command: string, error: string): RpcFailure {
  return { id, type: "response", command, success: false, error };
}
