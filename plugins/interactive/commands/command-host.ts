// What a built-in command is, and what it is given to act on: the session, the services, the chat, the editor
// and the ui.
import type { TUI } from "@earendil-works/pi-tui";
import type { AgentSession, PluginContext } from "../../../kernel/index.js";
import type { ChatController } from "../chat/chat-controller.js";
import type { PromptEditor } from "../components/prompt-editor.js";
import type { InteractiveUi } from "../ui-service/ui-service.js";
import type { ScreenSwitch } from "../terminal/screen-switch.js";

/** facts about the running program that commands report (`/bug`) */
export interface AppFacts {
  version: string;
  agentDir: string;
  /** extensions that failed to load at start-up: the file and what went wrong */
  extensionErrors(): { path: string; error: string }[];
}

export interface CommandHost {
  session: AgentSession;
  context: PluginContext;
  chat: ChatController;
  editor: PromptEditor;
  ui: InteractiveUi;
  tui: TUI;
  app: AppFacts;
  /** regular or fullscreen, switchable while running */
  screens: ScreenSwitch;
  /** `exitOutput`: what fullscreen mode leaves on the normal screen, in place of the `fullscreenExitOutput` setting */
  quit(code?: number, exitOutput?: "transcript" | "resume-hint"): void;
}

export interface BuiltinCommand {
  name: string;
  description: string;
  run(args: string, host: CommandHost): Promise<void> | void;
}
