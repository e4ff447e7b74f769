import { add, multiply } from '@gw/domain';
import { TOPICS, validatorFor, type DepositMessage, type EventMessage } from '@gw/contracts';
import { alphaPaymentRecordSchema } from '@gw/contracts/api/alpha';
import { paymentRecordSchema } from '@gw/contracts/api/v1';
import type { Subscription } from '@gw/bus';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { AlphaClient } from '../alpha/alpha-client';
import { finalise, readyMerchant, storedPayment } from '../alpha/alpha-fixtures';
import { SandboxTester } from '../alpha/sandbox-tester';
import { BetaClient } from '../beta/beta-client';
import { eventually } from '../notifier/support/notifier-harness';
import { startReceiver, type ReceivedCall, type Receiver } from '../notifier/support/receiver';
import { readyClient, type V1Client } from '../v1/v1-client';

/** Each wait is bounded by this; a busy machine running the fleet of processes needs the room. */
const WAIT_MS = 60_000;
/** A test waits several times in a row. */
const TEST_MS = 4 * WAIT_MS;

function expectSchema(schema: object, body: unknown): void {
  const validate = validatorFor(schema);
  validate(body);
  expect(validate.errors ?? []).toEqual([]);
}

/**
 * Money that arrives after a payment is done, or more than asked, is never absorbed silently: through the
 * sandbox chain, each family's record, the event on payments.events and the merchant's webhook say so.
 */
describe('money that arrives late or twice', () => {
  let gateway: TestGateway;
  let receiver: Receiver;
  let events: EventMessage[];
  let subscription: Subscription;

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    receiver = await startReceiver();
    events = [];
    subscription = await gateway.gateway.ctx.bus.subscribe(
      { topics: [TOPICS.events], groupId: 'e2e.late-deposits', fromBeginning: true },
      async (message) => {
        events.push(message.value as EventMessage);
      },
    );
  });

  afterAll(async () => {
    await subscription.stop();
    await receiver.close();
    await gateway.stop();
  });

  const eventOf = (paymentId: number | string, type: string) =>
    eventually(() => events.find((e) => e.streamId === `payment-${paymentId}` && e.type === type), WAIT_MS);
  const callsTo = (path: string): ReceivedCall[] => receiver.calls.filter((call) => call.path === path);
  const webhook = (path: string, accept: (json: Record<string, unknown>) => boolean) =>
    eventually(() => callsTo(path).find((call) => accept(call.json)), WAIT_MS);

  describe('V1: a repeated payment with parent_payment_id', () => {
    let client: V1Client;
    let tester: SandboxTester;

    beforeAll(async () => {
      client = await readyClient(gateway);
      tester = new SandboxTester(gateway, 'v1');
    });

    it(
      'a second full deposit to a finished payment opens a child payment with its own lifecycle and IPNs',
      async () => {
        const path = '/v1-repeat';
        const parent = await client.createPayment({ ipn_callback_url: `${receiver.url}${path}` });
        const parentId = Number(parent.payment_id);
        await tester.pay(parentId);
        await client.paymentWhen(parentId, (p) => p.payment_status === 'finished', WAIT_MS);

        const second = await tester.pay(parentId);
        const late = await eventOf(parentId, 'LateDepositReceived');
        expect(late.data).toMatchObject({ txHash: second.tx_hash, paymentStatus: 'finished' });
        const childId = (late.data.repeatedPayment as { paymentId: number }).paymentId;

        const parentRecord = await client.paymentWhen(parentId, (p) => p.payment_extra_ids !== null, WAIT_MS);
        expect(parentRecord).toMatchObject({
          payment_status: 'finished',
          actually_paid: parent.pay_amount,
          payment_extra_ids: [childId],
          parent_payment_id: null,
        });
        const child = await client.paymentWhen(childId, (p) => p.payment_status === 'finished', WAIT_MS);
        expectSchema(paymentRecordSchema, parentRecord);
        expectSchema(paymentRecordSchema, child);
        expect(child).toMatchObject({
          parent_payment_id: parentId,
          origin_type: 'REPEATED',
          pay_address: parent.pay_address,
          pay_amount: parent.pay_amount,
          actually_paid: parent.pay_amount,
          payin_hash: second.tx_hash,
          order_id: parent.order_id,
        });
        const listed = await client.get(`/v1/payment/?limit=500&sortBy=created_at&orderBy=desc`);
        expect(listed.body.data).toContainEqual(
          expect.objectContaining({ payment_id: childId, origin_type: 'REPEATED' }),
        );
        const created = await eventOf(childId, 'PaymentCreated');
        expect(created.data).toMatchObject({ parentPaymentId: parentId });

        await webhook(path, (json) => json.payment_id === childId && json.payment_status === 'finished');
        const childIpns = callsTo(path).filter((call) => call.json.payment_id === childId);
        expect(childIpns.every((call) => call.json.parent_payment_id === parentId)).toBe(true);
        expect(childIpns.map((call) => call.json.payment_status)).toEqual([
          'confirming',
          'confirmed',
          'sending',
          'finished',
        ]);
        expect(
          callsTo(path)
            .filter((call) => call.json.payment_id === parentId)
            .map((c) => c.json.payment_status),
        ).toEqual(['waiting', 'confirming', 'confirmed', 'sending', 'finished']);
      },
      TEST_MS,
    );

    it(
      'a deposit to an expired payment opens a child payment too, once however often the chain reports it',
      async () => {
        const path = '/v1-expired';
        const parent = await client.createPayment({ ipn_callback_url: `${receiver.url}${path}` });
        const parentId = Number(parent.payment_id);
        await finalise(gateway, await storedPayment(gateway, parentId), 'expire');
        await client.paymentWhen(parentId, (p) => p.payment_status === 'expired', WAIT_MS);

        const deposit = await tester.deposit(parent.pay_address, String(parent.pay_amount));
        const late = await eventOf(parentId, 'LateDepositReceived');
        expect(late.data).toMatchObject({ paymentStatus: 'expired' });
        const childId = (late.data.repeatedPayment as { paymentId: number }).paymentId;

        // The same chain.deposits message delivered twice more, then a new observation of the same
        // transaction: messages of one address are handled in order, so once the new one shows, the
        // redeliveries have been handled too.
        const message: DepositMessage = {
          payAddress: parent.pay_address,
          network: String(parent.network),
          paymentId: parentId,
          merchantId: gateway.demoMerchant.merchantId,
          txHash: deposit.tx_hash,
          amount: deposit.amount,
          fromAddress: null,
          confirmations: 0,
          observedAt: late.data.detectedAt as string,
        };
        const publish = (value: DepositMessage) =>
          gateway.gateway.ctx.bus.publish(TOPICS.deposits, [{ key: value.payAddress, value }]);
        await publish(message);
        await publish(message);
        await publish({ ...message, confirmations: 1, observedAt: new Date().toISOString() });
        await eventOf(parentId, 'LateDepositConfirmationsUpdated');
        const parentStream = await gateway.gateway.ctx.eventStore.readStream(`payment-${parentId}`);
        expect(parentStream.filter((e) => e.type === 'LateDepositReceived')).toHaveLength(1);
        expect(parentStream.filter((e) => e.type === 'DepositDetected')).toHaveLength(0);

        const child = await client.paymentWhen(childId, (p) => p.payment_status === 'confirming', WAIT_MS);
        expect(child).toMatchObject({
          parent_payment_id: parentId,
          origin_type: 'REPEATED',
          actually_paid: parent.pay_amount,
        });
        const childStream = await gateway.gateway.ctx.eventStore.readStream(`payment-${childId}`);
        expect(childStream.filter((e) => e.type === 'PaymentCreated')).toHaveLength(1);
        expect(
          await client.paymentWhen(parentId, (p) => p.payment_extra_ids !== null, WAIT_MS),
        ).toMatchObject({
          payment_status: 'expired',
          actually_paid: 0,
          payment_extra_ids: [childId],
        });
        await webhook(path, (json) => json.payment_id === childId && json.payment_status === 'confirming');
      },
      TEST_MS,
    );

    it(
      'an overpayment is stated as such and counts towards the payment',
      async () => {
        const parent = await client.createPayment({});
        const parentId = Number(parent.payment_id);
        await tester.deposit(parent.pay_address, multiply(String(parent.pay_amount), '2'));
        const overpaid = await eventOf(parentId, 'PaymentOverpaid');
        expect(overpaid.data).toMatchObject({ overpaidAmount: String(parent.pay_amount) });
        expect(
          await client.paymentWhen(parentId, (p) => p.payment_status === 'confirming', WAIT_MS),
        ).toMatchObject({
          actually_paid: parent.pay_amount * 2,
        });
      },
      TEST_MS,
    );
  });

  describe('family A: paid_over and late payments on the invoice itself', () => {
    let client: AlphaClient;
    let tester: SandboxTester;

    beforeAll(() => {
      client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
      tester = new SandboxTester(gateway, 'alpha');
    });

    it(
      'a second full deposit to a paid invoice turns it paid_over, with the late txid in the webhook',
      async () => {
        const path = '/alpha-repeat';
        const payment = await client.createPayment({ url_callback: `${receiver.url}${path}` });
        const stored = await storedPayment(gateway, payment.uuid);
        await tester.pay(stored.paymentId);
        await client.paymentWhen(payment.uuid, (p) => p.status === 'paid', WAIT_MS);

        const second = await tester.pay(stored.paymentId);
        const late = await eventOf(stored.paymentId, 'LateDepositReceived');
        expect(late.data).toMatchObject({
          txHash: second.tx_hash,
          paymentStatus: 'finished',
          repeatedPayment: null,
        });
        const record = await client.paymentWhen(payment.uuid, (p) => p.status === 'paid_over', WAIT_MS);
        expectSchema(alphaPaymentRecordSchema, record);
        expect(record).toMatchObject({
          payment_status: 'finished',
          is_final: true,
        });
        expect(Number(record.payment_amount)).toBe(Number(payment.payer_amount) * 2);
        const call = await webhook(path, (json) => json.status === 'paid_over');
        expect(call.json).toMatchObject({ uuid: payment.uuid, txid: second.tx_hash, is_final: true });
      },
      TEST_MS,
    );

    it(
      'a deposit to a failed invoice is reported with its txid, the invoice staying failed',
      async () => {
        const path = '/alpha-failed';
        const payment = await client.createPayment({ url_callback: `${receiver.url}${path}` });
        const stored = await storedPayment(gateway, payment.uuid);
        await finalise(gateway, stored, 'fail');
        await client.paymentWhen(payment.uuid, (p) => p.status === 'fail', WAIT_MS);

        const deposit = await tester.deposit(payment.address, payment.payer_amount);
        const late = await eventOf(stored.paymentId, 'LateDepositReceived');
        expect(late.data).toMatchObject({ paymentStatus: 'failed' });
        const record = await client.paymentWhen(payment.uuid, (p) => Number(p.payment_amount) > 0, WAIT_MS);
        expect(record).toMatchObject({ status: 'fail', is_final: true, txid: deposit.tx_hash });
        const call = await webhook(path, (json) => json.txid === deposit.tx_hash);
        expect(call.json).toMatchObject({ status: 'fail', payment_amount: record.payment_amount });
      },
      TEST_MS,
    );

    it(
      'an overpayment ends paid_over, in the record and the webhook',
      async () => {
        const path = '/alpha-over';
        const payment = await client.createPayment({ url_callback: `${receiver.url}${path}` });
        const stored = await storedPayment(gateway, payment.uuid);
        await tester.deposit(
          payment.address,
          add(payment.payer_amount, payment.payer_amount),
          stored.requiredConfirmations,
        );
        await eventOf(stored.paymentId, 'PaymentOverpaid');
        await client.paymentWhen(payment.uuid, (p) => p.status === 'paid_over', WAIT_MS);
        const call = await webhook(path, (json) => json.is_final === true);
        expect(call.json.status).toBe('paid_over');
      },
      TEST_MS,
    );
  });

  describe('family B: the transaction recorded in txs[]', () => {
    let client: BetaClient;
    let tester: SandboxTester;

    beforeAll(() => {
      client = new BetaClient(gateway.baseUrl, gateway.demoMerchant);
      tester = new SandboxTester(gateway, 'beta');
    });

    it(
      'a second full deposit to a paid invoice is one more txs entry of a Paid callback',
      async () => {
        const path = '/beta-repeat';
        const { track_id: trackId } = await client.createInvoice({ callback_url: `${receiver.url}${path}` });
        await storedPayment(gateway, Number(trackId));
        const first = await tester.pay(trackId);
        await client.itemWhen(trackId, (item) => item.status === 'Paid', WAIT_MS);

        const second = await tester.pay(trackId);
        const late = await eventOf(trackId, 'LateDepositReceived');
        expect(late.data).toMatchObject({ txHash: second.tx_hash, paymentStatus: 'finished' });
        const call = await webhook(path, (json) => (json.txs as unknown[]).length === 2);
        expect(call.json.status).toBe('Paid');
        expect((call.json.txs as { tx_hash: string }[]).map((tx) => tx.tx_hash)).toEqual([
          first.tx_hash,
          second.tx_hash,
        ]);
        expect((await client.itemWhen(trackId, () => true, WAIT_MS)).status).toBe('Paid');
        const stored = await eventually(async () => {
          const doc = await storedPayment(gateway, Number(trackId));
          return doc.lateDeposits.length === 1 && doc;
        }, WAIT_MS);
        expect(stored.lateDeposits[0]).toMatchObject({ txHash: second.tx_hash, paymentStatus: 'finished' });
        expect(stored.actuallyPaid).toBe(first.amount);
      },
      TEST_MS,
    );

    it(
      'a deposit to an expired invoice reaches the merchant as an Expired callback with its tx',
      async () => {
        const path = '/beta-expired';
        const { track_id: trackId } = await client.createInvoice({
          lifetime: 15,
          callback_url: `${receiver.url}${path}`,
        });
        await finalise(gateway, await storedPayment(gateway, Number(trackId)), 'expire');
        await client.itemWhen(trackId, (item) => item.status === 'Expired', WAIT_MS);
        const payment = await storedPayment(gateway, Number(trackId));

        const deposit = await tester.deposit(payment.payAddress, payment.payAmount);
        const late = await eventOf(trackId, 'LateDepositReceived');
        expect(late.data).toMatchObject({ paymentStatus: 'expired' });
        const call = await webhook(path, (json) => (json.txs as unknown[]).length === 1);
        expect(call.json).toMatchObject({
          status: 'Expired',
          txs: [expect.objectContaining({ tx_hash: deposit.tx_hash })],
        });
        expect((await client.itemWhen(trackId, () => true, WAIT_MS)).status).toBe('Expired');
      },
      TEST_MS,
    );

    it(
      'an overpayment is Paid, with what was sent in txs',
      async () => {
        const path = '/beta-over';
        const { track_id: trackId } = await client.createInvoice({ callback_url: `${receiver.url}${path}` });
        const payment = await storedPayment(gateway, Number(trackId));
        const deposit = await tester.deposit(
          payment.payAddress,
          multiply(payment.payAmount, '2'),
          payment.requiredConfirmations,
        );
        await eventOf(trackId, 'PaymentOverpaid');
        await client.itemWhen(trackId, (item) => item.status === 'Paid', WAIT_MS);
        const call = await webhook(path, (json) => json.status === 'Paid');
        expect(call.json.txs).toEqual([
          expect.objectContaining({ tx_hash: deposit.tx_hash, sent_amount: Number(deposit.amount) }),
        ]);
      },
      TEST_MS,
    );
  });
});
