import {
  assertNever,
  multiply,
  roundDown,
  type Amount,
  type PaymentTerms,
  type SandboxCase,
} from '@gw/domain';

/** One thing the sandbox chain does while walking a `case`: report the transaction, or fail the payment. */
export type CaseStep =
  { kind: 'deposit'; amount: Amount; confirmations: number } | { kind: 'fail'; reason: string };

export const CASE_FAIL_REASON = 'sandbox case fail';

/** Confirmation updates after the first sighting; a chain needing 120 still confirms in a few steps. */
const MAX_CONFIRMATION_STEPS = 3;

export type CaseTerms = Pick<PaymentTerms, 'payAmount' | 'payDecimals' | 'requiredConfirmations'>;

/**
 * The walk of a sandbox `case`, as data: one transaction seen with 0 confirmations, then confirmed in
 * a few steps up to the required count.
 * - success: the full pay amount, confirmed → the payment confirms and is paid out.
 * - partially_paid: half the pay amount (rounded down to the currency's decimals), confirmed.
 * - fail: the full pay amount seen, then the payment is failed.
 */
export function planCaseWalk(sandboxCase: SandboxCase, terms: CaseTerms): CaseStep[] {
  switch (sandboxCase) {
    case 'success':
      return depositAndConfirm(terms.payAmount, terms.requiredConfirmations);
    case 'partially_paid':
      return depositAndConfirm(halfOf(terms), terms.requiredConfirmations);
    case 'fail':
      return [
        { kind: 'deposit', amount: terms.payAmount, confirmations: 0 },
        { kind: 'fail', reason: CASE_FAIL_REASON },
      ];
    default:
      return assertNever(sandboxCase);
  }
}

export function halfOf(terms: Pick<CaseTerms, 'payAmount' | 'payDecimals'>): Amount {
  return roundDown(multiply(terms.payAmount, '0.5'), terms.payDecimals);
}

/** Distinct, rising confirmation counts ending at `required`: 12 → [4, 8, 12], 2 → [1, 2], 0 → []. */
export function confirmationSteps(required: number, maxSteps = MAX_CONFIRMATION_STEPS): number[] {
  const steps: number[] = [];
  for (let step = 1; step <= maxSteps; step++) {
    const count = Math.ceil((required * step) / maxSteps);
    if (count > 0 && count !== steps[steps.length - 1]) steps.push(count);
  }
  return steps;
}

function depositAndConfirm(amount: Amount, required: number): CaseStep[] {
  return [
    { kind: 'deposit', amount, confirmations: 0 },
    ...confirmationSteps(required).map((confirmations): CaseStep => ({
      kind: 'deposit',
      amount,
      confirmations,
    })),
  ];
}
