import { GATEWAY_TOPIC_SPECS, TopicSpecs, replyInboxOf } from '../src';

describe('TopicSpecs', () => {
  const specs = new TopicSpecs(GATEWAY_TOPIC_SPECS, 3);

  it('gives a reply inbox one partition and its replies topic’s retention, without a dead-letter topic', () => {
    const inbox = replyInboxOf('payments.replies', 'gateway-v1-0-1');
    const replies = specs.specFor('payments.replies');

    expect(specs.withDeadLetters(inbox)).toEqual([
      { name: inbox, partitions: 1, configs: replies.configs, key: replies.key },
    ]);
  });

  it('keeps the replies topic itself and its dead letters as declared', () => {
    expect(specs.withDeadLetters('payments.replies').map((spec) => [spec.name, spec.partitions])).toEqual([
      ['payments.replies', 6],
      ['payments.replies.dlq', 3],
    ]);
  });
});
