/** Kafka topics and their keys (ARCHITECTURE.md, "Topics and contracts"). */
export const TOPICS = {
  commands: 'payments.commands',
  replies: 'payments.replies',
  events: 'payments.events',
  deposits: 'chain.deposits',
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
