import { Partitioners, type Kafka, type KafkaMessage } from 'kafkajs';
import { DLQ_HEADERS, deadLetterTopic } from '../dead-letter';
import { rawHeadersOf, type RawHeaders } from './kafka-headers';
import { retryRetriable } from './time-bounds';
import { onFatalCrash } from './fatal-crash';

export interface RedriveOptions {
  /** The topic whose dead letters go back, as named on the wire (with any KAFKA_TOPIC_PREFIX). */
  topic: string;
  /**
   * The consumer group that remembers how far the dead letters were redriven, so a dead letter goes
   * back once however often the command runs. Default `<topic>.dlq.redrive`.
   */
  groupId?: string;
  /** Each message sent back, for progress lines. */
  onRedriven?(message: { partition: number; offset: string; reason: string | null }): void;
}

export interface RedriveSummary {
  /** Dead letters sent back to the topic. */
  redriven: number;
}

/**
 * Sends the dead letters of `topic` back to it: every message on `<topic>.dlq` this group has not
 * redriven yet, up to the end the topic had when the command started, exactly as its producer sent
 * it (bytes, key and headers, less the `x-dlq-*` ones), to the partition its key picks. A message
 * that fails again is dead-lettered again after the end, so one run never loops over it. Positions
 * are committed message by message: an interrupted run resumes where it stopped.
 */
export async function redriveDeadLetters(kafka: Kafka, options: RedriveOptions): Promise<RedriveSummary> {
  const source = deadLetterTopic(options.topic);
  const groupId = options.groupId ?? `${source}.redrive`;
  const remaining = await partitionsToRedrive(kafka, source, groupId);
  if (remaining.size === 0) return { redriven: 0 };

  // The bus's producer settings: above all its partitioner, so a key goes back to the partition that
  // holds its other messages.
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  const consumer = kafka.consumer({ groupId });
  let redriven = 0;
  try {
    await producer.connect();
    await consumer.connect();
    await consumer.subscribe({ topics: [source], fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const finish = (partition: number) => {
        remaining.delete(partition);
        consumer.pause([{ topic: source, partitions: [partition] }]);
        if (remaining.size === 0) resolve();
      };
      consumer
        .run({
          autoCommit: false,
          eachMessage: async ({ partition, message }) => {
            const end = remaining.get(partition);
            if (end === undefined || BigInt(message.offset) >= end) return finish(partition);
            await producer.send({
              topic: message.headers?.[DLQ_HEADERS.originalTopic]?.toString() ?? options.topic,
              messages: [
                { key: message.key, value: message.value, headers: withoutDeadLetterHeaders(message) },
              ],
            });
            const next = BigInt(message.offset) + 1n;
            await consumer.commitOffsets([{ topic: source, partition, offset: next.toString() }]);
            redriven += 1;
            options.onRedriven?.({
              partition,
              offset: message.offset,
              reason: message.headers?.[DLQ_HEADERS.reason]?.toString() ?? null,
            });
            if (next >= end) finish(partition);
          },
        })
        .catch(reject);
      onFatalCrash(consumer, reject);
    });
  } finally {
    await consumer.disconnect();
    await producer.disconnect();
  }
  return { redriven };
}

/** Partition → end offset, for the partitions where the group's position is short of the end. */
async function partitionsToRedrive(
  kafka: Kafka,
  source: string,
  groupId: string,
): Promise<Map<number, bigint>> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    // Nothing ever dead-lettered on a cluster where the gateway creates topics on first use.
    if (!(await admin.listTopics()).includes(source)) return new Map();
    const ends = await retryRetriable(() => admin.fetchTopicOffsets(source));
    const [committed] = await admin.fetchOffsets({ groupId, topics: [source] });
    const positionOf = new Map(
      (committed?.partitions ?? []).map(({ partition, offset }) => [partition, BigInt(offset)]),
    );
    const remaining = new Map<number, bigint>();
    for (const { partition, low, high } of ends) {
      const committedAt = positionOf.get(partition) ?? -1n;
      const position = committedAt < 0n ? BigInt(low) : committedAt;
      if (position < BigInt(high)) remaining.set(partition, BigInt(high));
    }
    return remaining;
  } finally {
    await admin.disconnect();
  }
}

function withoutDeadLetterHeaders(message: KafkaMessage): RawHeaders {
  const headers = rawHeadersOf(message.headers);
  for (const name of Object.values(DLQ_HEADERS)) delete headers[name];
  return headers;
}
