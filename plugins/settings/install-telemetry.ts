// Whether install telemetry is on, by pi 1.6.0's rule: `PI_TELEMETRY`, when set, decides (1, true or yes turn it
// on, any other value off); otherwise the setting `enableInstallTelemetry`. It also decides whether provider
// requests carry attribution headers.
export function installTelemetryEnabled(setting: boolean, telemetryEnv: string | undefined = process.env.PI_TELEMETRY): boolean {
  if (telemetryEnv === undefined) return setting;
  return ["1", "true", "yes"].includes(telemetryEnv.toLowerCase());
}
