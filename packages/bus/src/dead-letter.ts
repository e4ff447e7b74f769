/** Where a message goes when it cannot be handled, and the headers that say why. Shared by every adapter. */
export const DLQ_HEADERS = {
  reason: 'x-dlq-reason',
  originalTopic: 'x-dlq-original-topic',
  attempts: 'x-dlq-attempts',
} as const;

export const DEAD_LETTER_SUFFIX = '.dlq';

export const deadLetterTopic = (topic: string) => `${topic}${DEAD_LETTER_SUFFIX}`;

export const isDeadLetterTopic = (topic: string) => topic.endsWith(DEAD_LETTER_SUFFIX);

/** The original headers plus the dead-letter headers, which win over any original of the same name. */
export function deadLetterHeaders<V>(
  original: Record<string, V>,
  topic: string,
  reason: string,
  attempts: number,
): Record<string, V | string> {
  return {
    ...original,
    [DLQ_HEADERS.reason]: reason,
    [DLQ_HEADERS.originalTopic]: topic,
    [DLQ_HEADERS.attempts]: String(attempts),
  };
}

/** What a bus dead-lettered, by original topic: counted by each adapter as it moves a message. */
export class DeadLetterTally {
  private readonly byTopic = new Map<string, number>();

  count(topic: string): void {
    this.byTopic.set(topic, (this.byTopic.get(topic) ?? 0) + 1);
  }

  counts(): { topic: string; messages: number }[] {
    return [...this.byTopic].map(([topic, messages]) => ({ topic, messages }));
  }
}

/** A handler failure as one line for the `x-dlq-reason` header and logs. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
