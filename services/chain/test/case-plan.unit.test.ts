import { CASE_FAIL_REASON, confirmationSteps, halfOf, planCaseWalk } from '../src/cases/case-plan';

const btc = { payAmount: '0.00150001', payDecimals: 8, requiredConfirmations: 2 };

describe('planCaseWalk', () => {
  describe('success', () => {
    it('sends the full pay amount, seen first, then confirmed up to the required count', () => {
      expect(planCaseWalk('success', btc)).toEqual([
        { kind: 'deposit', amount: '0.00150001', confirmations: 0 },
        { kind: 'deposit', amount: '0.00150001', confirmations: 1 },
        { kind: 'deposit', amount: '0.00150001', confirmations: 2 },
      ]);
    });

    it('is confirmed by the first sighting on a chain that needs no confirmations', () => {
      expect(planCaseWalk('success', { ...btc, requiredConfirmations: 0 })).toEqual([
        { kind: 'deposit', amount: '0.00150001', confirmations: 0 },
      ]);
    });
  });

  describe('partially_paid', () => {
    it('sends half the pay amount, rounded down to the currency decimals, and confirms it', () => {
      expect(planCaseWalk('partially_paid', btc)).toEqual([
        { kind: 'deposit', amount: '0.00075', confirmations: 0 },
        { kind: 'deposit', amount: '0.00075', confirmations: 1 },
        { kind: 'deposit', amount: '0.00075', confirmations: 2 },
      ]);
    });
  });

  describe('fail', () => {
    it('sends the full amount, then fails the payment', () => {
      expect(planCaseWalk('fail', btc)).toEqual([
        { kind: 'deposit', amount: '0.00150001', confirmations: 0 },
        { kind: 'fail', reason: CASE_FAIL_REASON },
      ]);
    });
  });
});

describe('halfOf', () => {
  it('never rounds half of the pay amount up past what a partial payment is', () => {
    expect(halfOf({ payAmount: '0.000003', payDecimals: 6 })).toBe('0.000001');
    expect(halfOf({ payAmount: '25', payDecimals: 2 })).toBe('12.5');
  });
});

describe('confirmationSteps', () => {
  it.each([
    [0, []],
    [1, [1]],
    [2, [1, 2]],
    [3, [1, 2, 3]],
    [12, [4, 8, 12]],
    [120, [40, 80, 120]],
  ])('reaches %i confirmations in at most three rising steps', (required, steps) => {
    expect(confirmationSteps(required)).toEqual(steps);
  });
});
