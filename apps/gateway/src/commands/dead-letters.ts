import { GATEWAY_TOPIC_SPECS, kafkaClient, redriveDeadLetters, type RedriveSummary } from '@gw/bus';
import { createLogger, loadConfig, type EnvSource } from '@gw/platform';

/** A redrive refused before anything moved: the embedded bus, or a topic the gateway does not use. */
export class DeadLetterRedriveError extends Error {
  override readonly name = 'DeadLetterRedriveError';
}

export interface RedriveCommandOptions {
  /** One line per message sent back, and the summary. */
  out?: NodeJS.WritableStream;
}

/** The topics whose dead letters can go back: the gateway's own (not their `.dlq` topics). */
export const REDRIVABLE_TOPICS: readonly string[] = GATEWAY_TOPIC_SPECS.map((spec) => spec.name);

/**
 * `gateway dead-letters redrive <topic>`: sends the dead letters of one of the gateway's topics back
 * to it, once each (the `<topic>.dlq.redrive` consumer group remembers how far it got). Kafka only: the
 * embedded bus keeps dead letters in the memory of the process that moved them, where nothing outside
 * it can read them, and a restart drops them.
 */
export async function redriveCommand(
  env: EnvSource,
  topic: string,
  options: RedriveCommandOptions = {},
): Promise<RedriveSummary> {
  const { out = process.stdout } = options;
  if (!REDRIVABLE_TOPICS.includes(topic))
    throw new DeadLetterRedriveError(
      `"${topic}" is not a topic of the gateway; dead letters of ${REDRIVABLE_TOPICS.join(', ')} can be redriven`,
    );
  const config = loadConfig(env);
  if (!config.engines)
    throw new DeadLetterRedriveError(
      'the embedded bus keeps dead letters in the running process’s memory only: nothing to redrive from here',
    );
  const { kafkaBrokers, kafkaClientId, kafkaSecurity, kafkaTopicPrefix } = config.engines;
  const logger = createLogger({ level: config.logLevel, service: 'dead-letters' });
  const kafka = kafkaClient(
    { brokers: kafkaBrokers, clientId: `${kafkaClientId}-redrive`, security: kafkaSecurity },
    logger,
  );
  const summary = await redriveDeadLetters(kafka, {
    topic: `${kafkaTopicPrefix}${topic}`,
    onRedriven: ({ partition, offset, reason }) =>
      out.write(`redriven ${topic}.dlq partition ${partition} offset ${offset}: ${reason ?? 'no reason'}\n`),
  });
  out.write(`${summary.redriven} dead letter(s) of ${topic} sent back\n`);
  return summary;
}
