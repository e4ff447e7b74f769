import { connect as tlsConnect } from 'node:tls';
import { PLAINTEXT, securityProtocolOf, tlsOptionsOf, type KafkaConnection } from './kafka-client';

/** The gateway could not open its Kafka connection; the message says what to change. */
export class KafkaConnectError extends Error {
  override readonly name = 'KafkaConnectError';
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}

/** Node's codes for a certificate the client does not trust or that names another host. */
const UNTRUSTED_CERTIFICATE = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const where = (connection: KafkaConnection) =>
  `${connection.brokers.join(',')} over ${securityProtocolOf(connection.security)}`;

function untrustedCertificate(connection: KafkaConnection, broker: string, cause: Error): KafkaConnectError {
  const ca = connection.security?.tls?.ca ? 'the CA in KAFKA_SSL_CA_FILE' : "Node's public CAs";
  return new KafkaConnectError(
    `kafka broker ${broker} presented a TLS certificate that ${ca} do not trust (${cause.message}); ` +
      'set KAFKA_SSL_CA_FILE to the CA that signed the brokers’ certificates',
    { cause },
  );
}

/**
 * Before kafkajs connects: kafkajs counts a refused certificate as a passing connection error and
 * retries it for seconds, hiding the reason in its retry log. One TLS handshake with the same options
 * tells at once. A broker that does not answer is left to kafkajs, which waits for it.
 */
export async function checkBrokerCertificates(
  connection: KafkaConnection,
  timeoutMs = 10_000,
): Promise<void> {
  const tls = tlsOptionsOf(connection.security ?? PLAINTEXT);
  if (!tls) return;
  for (const broker of connection.brokers) {
    const separator = broker.lastIndexOf(':');
    const host = broker.slice(0, separator);
    const port = Number(broker.slice(separator + 1));
    const failure = await new Promise<Error | null>((resolve) => {
      const socket = tlsConnect({ ...tls, host, port, ...(isIp(host) ? {} : { servername: host }) });
      socket.setTimeout(timeoutMs, () => {
        socket.destroy();
        resolve(null);
      });
      socket.once('secureConnect', () => {
        socket.end();
        resolve(null);
      });
      socket.once('error', (error) => {
        socket.destroy();
        resolve(error);
      });
    });
    if (failure && UNTRUSTED_CERTIFICATE.has((failure as NodeJS.ErrnoException).code ?? ''))
      throw untrustedCertificate(connection, broker, failure);
  }
}

const isIp = (host: string) => /^[\d.]+$/.test(host) || host.includes(':');

/** A failed connect, with what the operator should look at when kafkajs' own words do not say it. */
export function explainConnectFailure(connection: KafkaConnection, error: unknown): Error {
  const { name, message, code } = error as { name?: string; message?: string; code?: string };
  const sasl = connection.security?.sasl;
  if (name === 'KafkaJSSASLAuthenticationError' && sasl) {
    return new KafkaConnectError(
      `kafka at ${where(connection)} refused the SASL credentials of user "${sasl.username}" ` +
        `(${sasl.mechanism}): ${message}; check KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD and KAFKA_SASL_MECHANISM`,
      { cause: error },
    );
  }
  if (code && UNTRUSTED_CERTIFICATE.has(code)) {
    return untrustedCertificate(connection, connection.brokers.join(','), error as Error);
  }
  if (name === 'KafkaJSConnectionError' || name === 'KafkaJSNumberOfRetriesExceeded') {
    return new KafkaConnectError(`cannot connect to kafka at ${where(connection)}: ${message}`, {
      cause: error,
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}
