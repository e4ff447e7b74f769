import { execFileSync } from 'node:child_process';
import path from 'node:path';

const INFRA_SCRIPT = path.resolve(__dirname, '..', '..', '..', '..', 'scripts', 'infra');

/** What `scripts/infra env kafka` prints about the SASL_SSL listener of the local Kafka. */
export interface SecuredListener {
  brokers: string;
  caFile: string;
  username: string;
  password: string;
}

const VARIABLES = {
  brokers: 'INFRA_KAFKA_SASL_SSL_BROKERS',
  caFile: 'INFRA_KAFKA_CA_FILE',
  username: 'INFRA_KAFKA_SASL_USERNAME',
  password: 'INFRA_KAFKA_SASL_PASSWORD',
} as const;

function readListener(env: Record<string, string | undefined>): SecuredListener | null {
  const values = Object.entries(VARIABLES).map(([key, name]) => [key, env[name]] as const);
  if (values.some(([, value]) => !value)) return null;
  return Object.fromEntries(values) as unknown as SecuredListener;
}

/**
 * The SASL_SSL listener scripts/infra runs beside the PLAINTEXT one: from the environment when
 * `eval "$(scripts/infra env)"` (or scripts/test) exported it, else from `scripts/infra env kafka`.
 */
export function securedListener(): SecuredListener {
  const fromEnv = readListener(process.env);
  if (fromEnv) return fromEnv;
  const printed: Record<string, string> = {};
  const output = execFileSync(INFRA_SCRIPT, ['env', 'kafka'], { encoding: 'utf8' });
  for (const match of output.matchAll(/^export ([A-Z_]+)='([^']*)'$/gm)) printed[match[1]!] = match[2]!;
  const listener = readListener(printed);
  if (!listener) throw new Error(`scripts/infra env kafka names no SASL_SSL listener:\n${output}`);
  return listener;
}

/** The gateway's own variables for that listener: TLS trusting the local CA, SASL with `mechanism`. */
export function securedKafkaEnv(
  listener: SecuredListener,
  mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512' = 'scram-sha-512',
): Record<string, string> {
  return {
    KAFKA_BROKERS: listener.brokers,
    KAFKA_SSL: 'true',
    KAFKA_SSL_CA_FILE: listener.caFile,
    KAFKA_SASL_MECHANISM: mechanism,
    KAFKA_SASL_USERNAME: listener.username,
    KAFKA_SASL_PASSWORD: listener.password,
  };
}
