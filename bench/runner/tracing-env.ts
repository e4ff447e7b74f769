/**
 * The OpenTelemetry variables (`OTEL_*`) of an environment. The engine fleet hands them to every
 * service it starts, whose environment it otherwise builds from scratch: without them `--traced` on
 * the engines recorded and exported nothing.
 */
export function tracingEnvOf(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('OTEL_') && entry[1] !== undefined,
    ),
  );
}
