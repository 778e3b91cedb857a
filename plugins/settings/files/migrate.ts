// Old settings shapes written by earlier pi versions, turned into the current ones when a file is read.
// The file itself is left alone: a later write changes only the key being set.
import { isPlainObject, type JsonObject } from "./json-object.js";

export function migrateLegacySettings(input: JsonObject): JsonObject {
  const settings: JsonObject = { ...input };

  if ("queueMode" in settings) {
    if (!("steeringMode" in settings)) settings.steeringMode = settings.queueMode;
    delete settings.queueMode;
  }

  if (typeof settings.websockets === "boolean") {
    if (!("transport" in settings)) settings.transport = settings.websockets ? "websocket" : "sse";
    delete settings.websockets;
  }

  // older pi versions kept skill options in an object; the current form is an array of skill paths
  const skills = settings.skills;
  if (isPlainObject(skills)) {
    if (skills.enableSkillCommands !== undefined && settings.enableSkillCommands === undefined) {
      settings.enableSkillCommands = skills.enableSkillCommands;
    }
    const directories = skills.customDirectories;
    if (Array.isArray(directories) && directories.length > 0) settings.skills = directories;
    else delete settings.skills;
  }

  const retry = settings.retry;
  if (isPlainObject(retry) && "maxDelayMs" in retry) {
    const { maxDelayMs, ...rest } = retry;
    const provider = isPlainObject(rest.provider) ? rest.provider : undefined;
    if (typeof maxDelayMs === "number" && (provider?.maxRetryDelayMs === undefined || provider.maxRetryDelayMs === null)) {
      rest.provider = { ...provider, maxRetryDelayMs: maxDelayMs };
    }
    settings.retry = rest;
  }

  return settings;
}
