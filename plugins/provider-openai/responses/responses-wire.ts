// The parts of a Responses API request body pith sends.

export interface InputText {
  type: "input_text";
  text: string;
}

export interface InputImage {
  type: "input_image";
  detail: "auto";
  image_url: string;
}

export interface OutputText {
  type: "output_text";
  text: string;
  annotations: [];
}

export type ResponsesInputItem =
  | { role: "system" | "developer"; content: string }
  | { role: "user"; content: (InputText | InputImage)[] }
  | { type: "message"; role: "assistant"; content: OutputText[]; status: "completed"; id: string; phase?: string }
  | { type: "function_call"; call_id: string; name: string; arguments: string; id?: string }
  | { type: "function_call_output"; call_id: string; output: string | (InputText | InputImage)[] }
  | { type: "additional_tools"; role: "developer"; tools: ResponsesTool[] }
  | { type: "tool_search_call"; call_id: string; execution: "client"; status: "completed"; arguments: { query: string; limit: number } }
  | { type: "tool_search_output"; call_id: string; execution: "client"; status: "completed"; tools: ResponsesTool[] }
  /** a reasoning item exactly as the API returned it (kept as the thinking block's signature) */
  | Record<string, unknown>;

export interface ResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** a tool brought in by a tool search result (pi 1.6.0's announcement of a tool added mid-conversation) */
  defer_loading?: true;
  strict?: boolean | null;
}

export interface ResponsesBody {
  model: string;
  input: ResponsesInputItem[];
  stream: true;
  store: false;
  prompt_cache_key?: string;
  prompt_cache_retention?: "24h";
  prompt_cache_options?: { mode: "explicit" } | { ttl: "30m" };
  max_output_tokens?: number;
  temperature?: number;
  tools?: ResponsesTool[];
  reasoning?: { effort: string; summary?: "auto" };
  include?: string[];
}
