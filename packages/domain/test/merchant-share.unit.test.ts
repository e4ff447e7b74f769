import { paymentAggregate } from '../src';
import { merchantShareOf, moneyOf } from '../src/payment/merchant-share';
import type { PaymentCommand } from '../src/payment/payment.decide';
import type { ExistingPayment, PaymentTerms } from '../src/payment/payment';
import { meta, paymentTerms } from './fixtures';

type Step = Pick<PaymentCommand, 'type' | 'data'>;

/** The payment state after each command went through the decider, as payments runs them. */
function paymentAfter(terms: PaymentTerms, steps: Step[]): ExistingPayment {
  let state = paymentAggregate.initialState();
  for (const step of [{ type: 'CreatePayment', data: terms } as Step, ...steps]) {
    const events = paymentAggregate.decide({ ...step, metadata: meta() } as PaymentCommand, state);
    state = events.reduce(paymentAggregate.evolve, state);
  }
  if (state.status === 'none') throw new Error('no payment');
  return state;
}

const deposit = (txHash: string, amount: string): Step => ({
  type: 'RecordDeposit',
  data: { txHash, amount, fromAddress: 'bc1qsender', confirmations: 2 },
});
const payOut = (serviceFeePercent: string): Step => ({ type: 'StartPayout', data: { serviceFeePercent } });
const payoutSent: Step = { type: 'CompletePayout', data: { payoutHash: 'ff'.repeat(32) } };

const toWallet = paymentTerms({ family: 'alpha', payWalletKeyId: 'key-1', testPayment: false });
const onSandbox = paymentTerms({ family: 'alpha' });

describe('what the merchant is told it gets', () => {
  describe('a payment to the merchant wallet', () => {
    it('shows no fee once finished, whatever fee a payout would have taken', () => {
      const payment = paymentAfter(toWallet, [deposit('tx-1', '0.0015'), payOut('0.5')]);
      expect(payment.status).toBe('finished');
      expect(merchantShareOf(moneyOf(payment))).toEqual({
        received: '0.0015',
        merchantAmount: '0.0015',
        commission: '0',
      });
    });

    it('credits all of it, money that came after the payment was done included', () => {
      const payment = paymentAfter(toWallet, [
        deposit('tx-1', '0.0015'),
        payOut('0.5'),
        deposit('tx-2', '0.0002'),
      ]);
      expect(payment.lateDeposits).toHaveLength(1);
      expect(merchantShareOf(moneyOf(payment))).toEqual({
        received: '0.0017',
        merchantAmount: '0.0017',
        commission: '0',
      });
    });

    it('gets what arrived of an underpayment, with no fee', () => {
      const payment = paymentAfter(toWallet, [deposit('tx-1', '0.001')]);
      expect(payment.status).toBe('partially_paid');
      expect(merchantShareOf(moneyOf(payment))).toEqual({
        received: '0.001',
        merchantAmount: '0.001',
        commission: '0',
      });
    });

    it('is told the amount asked before anything arrived', () => {
      expect(merchantShareOf(moneyOf(paymentAfter(toWallet, [])))).toEqual({
        received: '0',
        merchantAmount: '0.0015',
        commission: '0',
      });
    });
  });

  describe('a sandbox payment', () => {
    it('shows the fee its simulated payout kept, once the payout started and after it finished', () => {
      const sending = paymentAfter(onSandbox, [deposit('tx-1', '0.0015'), payOut('1')]);
      const expected = { received: '0.0015', merchantAmount: '0.001485', commission: '0.000015' };
      expect(sending.status).toBe('sending');
      expect(merchantShareOf(moneyOf(sending))).toEqual(expected);
      const finished = paymentAfter(onSandbox, [deposit('tx-1', '0.0015'), payOut('1'), payoutSent]);
      expect(finished.status).toBe('finished');
      expect(merchantShareOf(moneyOf(finished))).toEqual(expected);
    });

    it('shows no fee before its payout', () => {
      const payment = paymentAfter(onSandbox, [deposit('tx-1', '0.0015')]);
      expect(payment.status).toBe('confirmed');
      expect(merchantShareOf(moneyOf(payment))).toEqual({
        received: '0.0015',
        merchantAmount: '0.0015',
        commission: '0',
      });
    });

    it('counts a payment of a stream older than merchant wallets (no key recorded) as a sandbox one', () => {
      const { payWalletKeyId: _none, ...older } = onSandbox;
      const payment = paymentAfter(older as PaymentTerms, [deposit('tx-1', '0.0015'), payOut('1')]);
      expect(payment.status).toBe('sending');
      expect(merchantShareOf(moneyOf(payment)).commission).toBe('0.000015');
    });
  });
});
