import { ManualClock, createLogger } from '@gw/platform';
import { FailureLog } from '../src/failure-log';

describe('FailureLog', () => {
  let lines: Array<{ msg: string; failure?: string; repeated?: number }>;
  let clock: ManualClock;
  let log: FailureLog;

  beforeEach(() => {
    lines = [];
    clock = new ManualClock('2026-01-01T10:00:00.000Z');
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    log = new FailureLog(logger, clock, 'relay pass failed', { repeatAfterMs: 60_000, maxDetailChars: 100 });
  });

  it('logs a failure repeated on every pass once, then again after the quiet period with the count', () => {
    for (let i = 0; i < 50; i++) log.failed(new Error('brokers away'));
    clock.advance(60_000);
    log.failed(new Error('brokers away'));

    expect(lines).toEqual([
      expect.objectContaining({ msg: 'relay pass failed', failure: 'Error: brokers away' }),
      expect.objectContaining({ msg: 'relay pass failed (still failing)', repeated: 50 }),
    ]);
  });

  it('logs each distinct failure when it changes, and once on recovery', () => {
    log.failed(new Error('brokers away'));
    log.failed(new TypeError('registry away'));
    log.failed(new TypeError('registry away'));
    log.recovered();
    log.recovered();

    expect(lines.map((line) => [line.msg, line.failure])).toEqual([
      ['relay pass failed', 'Error: brokers away'],
      ['relay pass failed', 'TypeError: registry away'],
      ['relay pass failed: recovered', undefined],
    ]);
  });

  it('carries the first lines of a long failure only', () => {
    log.failed(new Error(`${'x'.repeat(300)}\nsecond\nthird\nfourth\nfifth\nsixth`));

    expect(lines[0]!.failure).toHaveLength(101);
    log.failed(new Error('a\nb\nc\nd\ne\nf\ng'));
    expect(lines[1]!.failure).toBe('Error: a\nb\nc\nd\ne');
  });
});
