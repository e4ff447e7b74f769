import { CommitSequence } from '../src/mongo/commit-sequence';

describe('commit sequence', () => {
  it('follows the clock in microseconds', () => {
    const sequence = new CommitSequence(() => 1_700_000_000_000);

    expect(sequence.next(0)).toBe(1_700_000_000_000_000);
  });

  it('stays strictly increasing when the clock stands still or goes back', () => {
    let now = 1_700_000_000_000;
    const sequence = new CommitSequence(() => now);
    const first = sequence.next(0);
    const second = sequence.next(0);
    now -= 5_000;
    const third = sequence.next(0);

    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);
  });

  it("stays above the stream's previous commit written by a writer whose clock runs ahead", () => {
    const sequence = new CommitSequence(() => 1_700_000_000_000);
    const aheadByAMinute = 1_700_000_060_000_000;

    expect(sequence.next(aheadByAMinute)).toBe(aheadByAMinute + 1);
  });
});
