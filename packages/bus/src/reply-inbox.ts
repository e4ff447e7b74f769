import { isDeadLetterTopic } from './dead-letter';

/**
 * Each request/reply client's own reply topic (its inbox): `<replies topic>.inbox.<instanceId>`.
 * Responders publish a reply to the inbox named in the request, so an instance reads only the replies
 * to its own requests instead of every reply on the shared topic (decoding each just to drop it).
 */
export const REPLY_INBOX_INFIX = '.inbox.';

export const replyInboxOf = (repliesTopic: string, instanceId: string) =>
  `${repliesTopic}${REPLY_INBOX_INFIX}${instanceId}`;

/** True when `topic` is an inbox of `repliesTopic`: the only topics a responder replies on besides it. */
export const isReplyInboxOf = (repliesTopic: string, topic: string) =>
  topic.startsWith(`${repliesTopic}${REPLY_INBOX_INFIX}`) &&
  topic.length > repliesTopic.length + REPLY_INBOX_INFIX.length;

/**
 * The topic whose contract (schema, key, retention) `topic` follows: the replies topic for one of its
 * inboxes, the topic itself otherwise (dead-letter topics included, as for any other topic). Codecs
 * look schemas up by it.
 */
export function contractTopicOf(topic: string): string {
  if (isDeadLetterTopic(topic)) return topic;
  const at = topic.indexOf(REPLY_INBOX_INFIX);
  return at > 0 ? topic.slice(0, at) : topic;
}

/** True when `topic` is some replies topic's inbox. */
export const isReplyInbox = (topic: string) => contractTopicOf(topic) !== topic;
