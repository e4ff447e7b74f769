import { DeadLetterRedriveError, REDRIVABLE_TOPICS, redriveCommand } from '../src/commands/dead-letters';

describe('gateway dead-letters redrive', () => {
  it('offers the gateway’s own topics', () => {
    expect(REDRIVABLE_TOPICS).toEqual(expect.arrayContaining(['payments.commands', 'payments.events']));
    expect(REDRIVABLE_TOPICS.filter((topic) => topic.endsWith('.dlq'))).toEqual([]);
  });

  it('refuses a topic the gateway does not use, naming those it does', async () => {
    await expect(redriveCommand({}, 'payments.command')).rejects.toThrow(
      /"payments.command" is not a topic of the gateway; .*payments\.commands/,
    );
  });

  it('refuses the embedded bus, whose dead letters live in the running process only', async () => {
    await expect(redriveCommand({}, 'payments.commands')).rejects.toBeInstanceOf(DeadLetterRedriveError);
    await expect(redriveCommand({}, 'payments.commands')).rejects.toThrow(/memory only/);
  });
});
