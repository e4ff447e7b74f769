import { TOPICS } from '@gw/contracts';
import { deadLetterTopic, isDeadLetterTopic } from '../dead-letter';
import { contractTopicOf, isReplyInbox } from '../reply-inbox';

/** How one Kafka topic is created: partitions fixed up front (the key → partition map depends on them). */
export interface TopicSpec {
  name: string;
  partitions: number;
  /** Topic-level configs passed to CreateTopics, e.g. `retention.ms`. */
  configs: Record<string, string>;
  /** What the key is; for the README and logs, not enforced by the broker. */
  key: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const deleteAfter = (ms: number): Record<string, string> => ({
  'cleanup.policy': 'delete',
  'retention.ms': String(ms),
});

/**
 * The gateway's topics. Commands and events are keyed by aggregate (stream) id so one aggregate's
 * messages stay in one partition, in order. Kafka is not the system of record (the event store is),
 * so retention only has to cover consumer downtime and replays of recent history.
 */
export const GATEWAY_TOPIC_SPECS: readonly TopicSpec[] = [
  {
    name: TOPICS.commands,
    partitions: 12,
    configs: deleteAfter(7 * DAY_MS),
    key: 'aggregate id',
  },
  {
    name: TOPICS.replies,
    partitions: 6,
    // A reply is useless once its request timed out (seconds); an hour is plenty for debugging.
    configs: deleteAfter(HOUR_MS),
    key: 'correlation id',
  },
  {
    name: TOPICS.events,
    partitions: 12,
    configs: deleteAfter(14 * DAY_MS),
    key: 'stream id',
  },
  {
    name: TOPICS.deposits,
    partitions: 6,
    configs: deleteAfter(7 * DAY_MS),
    key: 'pay address',
  },
];

/** Dead letters wait for a person: kept long, few partitions, same key as the original. */
export function deadLetterSpecFor(original: TopicSpec): TopicSpec {
  return {
    name: deadLetterTopic(original.name),
    partitions: 3,
    configs: deleteAfter(30 * DAY_MS),
    key: original.key,
  };
}

/** Specs for declared topics, their dead-letter topics, and a default for any other topic. */
export class TopicSpecs {
  private readonly byName = new Map<string, TopicSpec>();

  constructor(
    declared: readonly TopicSpec[],
    private readonly defaultPartitions: number,
  ) {
    for (const spec of declared) {
      this.byName.set(spec.name, spec);
      if (!isDeadLetterTopic(spec.name)) {
        const deadLetters = deadLetterSpecFor(spec);
        if (!this.byName.has(deadLetters.name)) this.byName.set(deadLetters.name, deadLetters);
      }
    }
  }

  /** Every declared topic with its dead-letter topic: what the bus creates at start. */
  declared(): TopicSpec[] {
    return [...this.byName.values()];
  }

  /**
   * A topic nobody declared (tests, ad-hoc internal topics) still gets explicit partitions instead of
   * the broker's auto-creation default of one partition, which would serialise every key.
   */
  specFor(name: string): TopicSpec {
    const declared = this.byName.get(name);
    if (declared) return declared;
    if (isReplyInbox(name)) {
      // One reader (the instance that owns it) and no key order to keep: one partition, the replies
      // topic's retention.
      const replies = this.specFor(contractTopicOf(name));
      return { name, partitions: 1, configs: replies.configs, key: replies.key };
    }
    const spec: TopicSpec = { name, partitions: this.defaultPartitions, configs: {}, key: 'message key' };
    return isDeadLetterTopic(name) ? { ...deadLetterSpecFor(spec), name } : spec;
  }

  /**
   * The topic itself and, for a topic that is not a dead-letter topic, its dead-letter topic. A reply
   * inbox gets none up front (one per instance, and its reader never fails a reply): the bus creates
   * it on the first dead letter, as for any topic.
   */
  withDeadLetters(name: string): TopicSpec[] {
    const spec = this.specFor(name);
    return isDeadLetterTopic(name) || isReplyInbox(name)
      ? [spec]
      : [spec, this.specFor(deadLetterTopic(name))];
  }
}
