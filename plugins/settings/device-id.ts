// This installation's id (pi's `deviceId`): a UUID in the global settings file, made the first time a sign-in
// needs one (Sign in with ChatGPT names the installation it grants a token to), then the same for pi and pith.
import { randomUUID } from "node:crypto";
import type { SettingsManager } from "./settings-manager.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function installationDeviceId(settings: Pick<SettingsManager, "fileSettings" | "set">, signal?: AbortSignal): Promise<string> {
  const stored = settings.fileSettings("global").deviceId;
  if (typeof stored === "string" && UUID.test(stored)) return stored;
  const fresh = randomUUID();
  await settings.set("deviceId", fresh, "global", { signal });
  return fresh;
}
