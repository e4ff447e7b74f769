import { multiply, roundDown, subtract } from '@gw/domain';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { AlphaClient } from './alpha-client';
import { finalise, readyMerchant, storedPayment } from './alpha-fixtures';
import { SandboxTester } from './sandbox-tester';

const LIFECYCLE_MS = 20_000;

describe('family A payments through the sandbox chain, statuses read back mapped', () => {
  let gateway: TestGateway;
  let client: AlphaClient;
  let tester: SandboxTester;

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
    tester = new SandboxTester(gateway, 'alpha');
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it(
    'walks a paid payment: process → confirm_check → paid (is_final), then refund_paid',
    async () => {
      const payment = await client.createPayment({ amount: '20', currency: 'USD' });
      expect(payment).toMatchObject({ payment_status: 'waiting', status: 'process', is_final: false });

      const deposit = await tester.deposit(payment.address, payment.payer_amount);
      const seen = await client.paymentWhen(payment.uuid, (read) => read.payment_status === 'confirming');
      expect(seen).toMatchObject({
        status: 'confirm_check',
        is_final: false,
        payment_amount: payment.payer_amount,
        txid: deposit.tx_hash,
      });

      await tester.confirm(deposit.tx_hash, 19);
      const paid = await client.paymentWhen(
        payment.uuid,
        (read) => read.payment_status === 'finished',
        LIFECYCLE_MS,
      );
      expect(paid).toMatchObject({
        status: 'paid',
        is_final: true,
        is_test: true,
        payment_amount: payment.payer_amount,
        txid: deposit.tx_hash,
      });

      const { paymentId } = await storedPayment(gateway, payment.uuid);
      expect(await tester.eventTypes(paymentId)).toEqual([
        'PaymentCreated',
        'DepositDetected',
        'PaymentConfirming',
        'DepositConfirmationsUpdated',
        'PaymentConfirmed',
        'PayoutStarted',
        'PaymentFinished',
      ]);

      await tester.refund(paymentId);
      const refunded = await client.paymentWhen(payment.uuid, (read) => read.payment_status === 'refunded');
      expect(refunded).toMatchObject({ status: 'refund_paid', is_final: true });
    },
    LIFECYCLE_MS * 2,
  );

  it(
    'pays in one call through /sandbox/v1/payments/{payment_id}/pay',
    async () => {
      const payment = await client.createPayment({ amount: '0.002', currency: 'BTC' });
      await tester.pay((await storedPayment(gateway, payment.uuid)).paymentId);
      const paid = await client.paymentWhen(payment.uuid, (read) => read.is_final, LIFECYCLE_MS);
      expect(paid).toMatchObject({
        payment_status: 'finished',
        status: 'paid',
        payment_amount: '0.00200000',
      });
    },
    LIFECYCLE_MS * 2,
  );

  it(
    'shows an underpayment as wrong_amount, final as upstream lists it; a top-up stays on the invoice as late money',
    async () => {
      const payment = await client.createPayment({ amount: '40', currency: 'USD' });
      const half = roundDown(multiply(payment.payer_amount, '0.5'), 6);
      await tester.deposit(payment.address, half, 19);
      const underpaid = await client.paymentWhen(
        payment.uuid,
        (read) => read.payment_status === 'partially_paid',
      );
      expect(underpaid).toMatchObject({
        status: 'wrong_amount',
        is_final: true,
        payment_amount: Number(half).toFixed(8),
      });

      const rest = subtract(payment.payer_amount, half);
      await tester.deposit(payment.address, rest, 19);
      const toppedUp = await client.paymentWhen(
        payment.uuid,
        (read) => read.payment_amount === Number(payment.payer_amount).toFixed(8),
      );
      expect(toppedUp).toMatchObject({
        payment_status: 'partially_paid',
        status: 'wrong_amount',
        is_final: true,
      });
    },
    LIFECYCLE_MS * 2,
  );

  it(
    'counts an underpayment within accuracy_payment_percent as paid',
    async () => {
      const payment = await client.createPayment({
        amount: '50',
        currency: 'USD',
        accuracy_payment_percent: 5,
      });
      const almost = roundDown(multiply(payment.payer_amount, '0.96'), 6);
      await tester.deposit(payment.address, almost, 19);
      const paid = await client.paymentWhen(payment.uuid, (read) => read.is_final, LIFECYCLE_MS);
      expect(paid).toMatchObject({
        payment_status: 'finished',
        status: 'paid',
        payment_amount: Number(almost).toFixed(8),
      });
    },
    LIFECYCLE_MS * 2,
  );

  it('shows an expired payment as cancel and a failed one as fail, both final', async () => {
    const expiring = await client.createPayment();
    const failing = await client.createPayment();
    await finalise(gateway, await storedPayment(gateway, expiring.uuid), 'expire');
    await finalise(gateway, await storedPayment(gateway, failing.uuid), 'fail');
    expect(await client.paymentWhen(expiring.uuid, (read) => read.is_final)).toMatchObject({
      payment_status: 'expired',
      status: 'cancel',
    });
    expect(await client.paymentWhen(failing.uuid, (read) => read.is_final)).toMatchObject({
      payment_status: 'failed',
      status: 'fail',
    });
  });
});
