import { alphaIsFinal, alphaStatus, betaStatus, v1StatusesForBeta } from '../src/payment/family-statuses';
import { PAYMENT_STATUSES, canTransition, isFinalStatus } from '../src/payment/statuses';

describe('payment statuses', () => {
  it('walks the happy path one step at a time', () => {
    const path = ['waiting', 'confirming', 'confirmed', 'sending', 'finished'] as const;
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
  });

  it('keeps failed, refunded and expired final with no way out', () => {
    for (const from of ['failed', 'refunded', 'expired'] as const) {
      for (const to of PAYMENT_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
  });

  it('goes back to waiting only when a deposit it still counted left the chain for good', () => {
    const back = PAYMENT_STATUSES.filter((from) => canTransition(from, 'waiting'));
    expect(back).toEqual(['confirming', 'confirmed', 'partially_paid']);
  });

  it('maps every status to family A as the spec table says', () => {
    expect(PAYMENT_STATUSES.map((s) => [s, alphaStatus(s)])).toEqual([
      ['waiting', 'process'],
      ['confirming', 'confirm_check'],
      ['confirmed', 'confirm_check'],
      ['sending', 'process'],
      ['finished', 'paid'],
      ['partially_paid', 'wrong_amount'],
      ['failed', 'fail'],
      ['refunded', 'refund_paid'],
      ['expired', 'cancel'],
    ]);
    expect(alphaIsFinal('waiting')).toBe(false);
    expect(alphaIsFinal('finished')).toBe(true);
    // Cryptomus lists wrong_amount as final (paid less, no more top-up).
    expect(alphaIsFinal('partially_paid')).toBe(true);
  });

  it('maps family B statuses and reads its filter values back case-insensitively', () => {
    expect(betaStatus('finished')).toBe('Paid');
    expect(v1StatusesForBeta('paid')).toEqual(['finished']);
    expect(v1StatusesForBeta('PAYING')).toEqual(['confirming', 'confirmed', 'sending']);
    expect(v1StatusesForBeta('nonsense')).toEqual([]);
    expect(isFinalStatus('finished')).toBe(true);
  });
});
