import type { Family, PaymentTerms } from '@gw/domain';
import type { MerchantKeys } from '@gw/application';
import { testAccountPublicKey } from '@gw/chain/testing';
import { EmptyUtxoNode } from '../../support/chain/empty-utxo-node';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import {
  nowPaymentsDocVerifier,
  nowPaymentsRawBodyVerifier,
} from '@gw/families/testing';
import { adminClient } from '../admin/admin-helpers';
import { AlphaClient, type AlphaPayment } from '../alpha/alpha-client';
import { BetaClient } from '../beta/beta-client';
import { V1Client, type JsonBody } from '../v1/v1-client';
import { eventually, PaymentDriver } from './support/notifier-harness';
import { startReceiver, type ReceivedCall, type Receiver } from './support/receiver';

type Kind = 'a payment to the merchant wallet' | 'a sandbox payment';

/**
 * What each family tells the merchant it got, in the payment record, the list and the webhook, for
 * the same payment: they agree, and only a sandbox payment's simulated payout shows a fee. Deposits
 * arrive as a chain watcher reports them (the driver's commands); the btc node is an empty stand-in:
 * it lets the merchant's wallet take bitcoin payments and finds no history at the addresses handed out.
 */
describe('what the merchant is told it received: record, list and webhook agree', () => {
  let gateway: TestGateway;
  let receiver: Receiver;
  let driver: PaymentDriver;
  let btcNode: EmptyUtxoNode;
  const merchants = {} as Record<Kind, MerchantKeys>;

  beforeAll(async () => {
    btcNode = await EmptyUtxoNode.start();
    gateway = await startTestGateway({ env: { BTC_RPC_URL: btcNode.url, BTC_CHAIN: 'regtest' } });
    driver = new PaymentDriver(gateway);
    merchants['a payment to the merchant wallet'] = await gateway.createMerchant('Wallet shop');
    merchants['a sandbox payment'] = await gateway.createMerchant('Sandbox shop');
    const wallet = await adminClient(gateway)(
      'PUT',
      `/merchants/${merchants['a payment to the merchant wallet'].merchantId}/wallets/btc`,
      { body: { extended_public_key: testAccountPublicKey(1, 'vpub') } },
    );
    expect(wallet.status).toBe(200);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await gateway.stop();
    await btcNode.stop();
  });

  /** Opens a payment of `family` for the merchant of `kind`, pays it in full and waits for its final webhook. */
  async function paidPayment(
    kind: Kind,
    family: Family,
    isFinal: (call: ReceivedCall) => boolean,
  ): Promise<{ terms: PaymentTerms; merchant: MerchantKeys; webhook: ReceivedCall }> {
    const merchant = merchants[kind];
    const path = `/${family}-${Math.random().toString(36).slice(2)}`;
    const terms = await driver.open(family, merchant, `${receiver.url}${path}`);
    expect(terms.testPayment).toBe(kind === 'a sandbox payment');
    await driver.payInFull(terms);
    await driver.payOut(terms);
    const webhook = await eventually(() =>
      receiver.calls.find((call) => call.path === path && isFinal(call)),
    );
    return { terms, merchant, webhook };
  }

  describe.each<Kind>(['a payment to the merchant wallet', 'a sandbox payment'])('%s', (kind) => {
    const paysFee = kind === 'a sandbox payment';

    it('V1: outcome_amount and the fee agree, and the signed IPN names the incoming transaction', async () => {
      const { terms, merchant, webhook } = await paidPayment(
        kind,
        'v1',
        (call) => call.json.payment_status === 'finished',
      );
      const client = new V1Client(gateway, merchant.apiKey);
      const record = await eventually(async () => {
        const answer = await client.get(`/v1/payment/${terms.paymentId}`);
        return answer.body?.payment_status === 'finished' && answer.body;
      });
      const listed = (await client.get('/v1/payment/?limit=500')).body.data.find(
        (item: JsonBody) => item.payment_id === terms.paymentId,
      );
      const ipn = webhook.json as JsonBody;

      const signature = String(webhook.headers['x-nowpayments-sig']);
      expect(nowPaymentsDocVerifier(webhook.rawBody.toString('utf8'), signature, merchant.ipnSecret)).toBe(
        true,
      );
      expect(nowPaymentsRawBodyVerifier(webhook.rawBody, signature, merchant.ipnSecret)).toBe(true);
      expect(ipn.payin_hash).toEqual(expect.stringMatching(/^tx-/));
      expect(ipn.payin_hash).toBe(record.payin_hash);
      for (const shown of [record, listed])
        expect({ actually_paid: shown.actually_paid, outcome_amount: shown.outcome_amount }).toEqual({
          actually_paid: ipn.actually_paid,
          outcome_amount: ipn.outcome_amount,
        });
      const kept = Number((ipn.actually_paid - ipn.outcome_amount).toFixed(8));
      expect(ipn.fee.serviceFee).toBe(kept);
      if (paysFee) expect(kept).toBeGreaterThan(0);
      else
        expect({ outcome_amount: ipn.outcome_amount, serviceFee: ipn.fee.serviceFee }).toEqual({
          outcome_amount: ipn.actually_paid,
          serviceFee: 0,
        });
    });

    it('family A: merchant_amount agrees in the record, the list and the webhook', async () => {
      const { terms, merchant, webhook } = await paidPayment(
        kind,
        'alpha',
        (call) => call.json.status === 'paid',
      );
      const client = new AlphaClient(gateway.baseUrl, merchant);
      const record = await client.paymentWhen(terms.uuid, (p) => p.payment_status === 'finished');
      const list = await client.post<{ result: { items: AlphaPayment[] } }>('/payment/list', {});
      const listed = list.body.result.items.find((item) => item.uuid === terms.uuid)!;
      const { json } = webhook;

      for (const shown of [record, listed])
        expect({ payment_amount: shown.payment_amount, merchant_amount: shown.merchant_amount }).toEqual({
          payment_amount: json.payment_amount,
          merchant_amount: json.merchant_amount,
        });
      const commission = Number(json.commission);
      expect(Number(json.merchant_amount) + commission).toBeCloseTo(Number(json.payment_amount), 8);
      if (paysFee) expect(commission).toBeGreaterThan(0);
      else
        expect({ merchant_amount: json.merchant_amount, commission: json.commission }).toEqual({
          merchant_amount: json.payment_amount,
          commission: '0.00000000',
        });
    });

    it('family B: each transaction shows the same amount in the record and the webhook', async () => {
      const { terms, merchant, webhook } = await paidPayment(
        kind,
        'beta',
        (call) => call.json.status === 'Paid',
      );
      const client = new BetaClient(gateway.baseUrl, merchant);
      const record = await eventually(async () => {
        const answer = await client.send('GET', `/payment/${terms.trackId}`);
        return answer.body.data?.status === 'Paid' && answer.body.data;
      });
      const fromWebhook = (webhook.json.txs as JsonBody[]).map((tx) => [tx.tx_hash, tx.received_amount]);
      expect(record.txs.map((tx: JsonBody) => [tx.tx_hash, tx.amount])).toEqual(fromWebhook);
      expect(fromWebhook).toEqual([[expect.stringMatching(/^tx-/), Number(terms.payAmount)]]);
    });
  });
});
