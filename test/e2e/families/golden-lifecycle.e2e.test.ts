import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { streamIdOf, type Family } from '@gw/domain';
import { ManualClock } from '@gw/platform';
import type { MerchantKeys } from '@gw/application';
import type { Filter } from '@gw/store';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import {
  cryptomusPyVerifier,
  nowPaymentsRawBodyVerifier,
  oxaPayPhpVerifier,
} from '@gw/families/testing';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { upstreamSign } from '../alpha/alpha-client';
import { newMerchant } from '../alpha/alpha-fixtures';
import { admin, eventually } from '../notifier/support/notifier-harness';
import { startReceiver, type Receiver } from '../notifier/support/receiver';

/**
 * The public surface of each family, recorded: every API answer and every webhook of a lifecycle
 * (create, read, list; paid, underpaid, expired, and money after the payment was done), compared
 * byte for byte with the fixtures in golden/. Only what differs from run to run is replaced by a
 * name (payment ids, uuids, addresses, ports, the payout hash); the clock is a manual one, so every
 * time is the same on every run. Signatures are checked with the upstream verifiers and then named.
 *
 * `GOLDEN_RECORD=1` rewrites the fixtures: do that only for a deliberate change of the public surface.
 */
const FIXTURES = path.join(__dirname, 'golden');
const RECORD = process.env.GOLDEN_RECORD === '1';
const LIFECYCLE_MS = 60_000;

interface Exchange {
  step: string;
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

describe('golden lifecycle per family: API answers and webhooks byte for byte', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let gateway: TestGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    gateway = await startTestGateway({ clock });
    // Expiry is a command of this test, not a pass of the scheduler at a moment the machine picks.
    await gateway.gateway.services.find((service) => service.name === 'scheduler')!.stop();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await gateway.stop();
  });

  /** Names of what varies between runs, longest first so no name is cut into another. */
  class Names {
    private readonly names = new Map<string, string>();
    add(value: string | number | null | undefined, name: string): void {
      if (value === null || value === undefined || String(value) === '') return;
      if (!this.names.has(String(value))) this.names.set(String(value), name);
    }
    apply(text: string): string {
      let out = text;
      const entries = [...this.names].sort(([a], [b]) => b.length - a.length);
      for (const [value, name] of entries) {
        const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        out = out.replace(new RegExp(/^\d+$/.test(value) ? `\\b${escaped}\\b` : escaped, 'g'), name);
      }
      return out;
    }
  }

  const payments = () => gateway.gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);

  async function documentWhere(query: Filter): Promise<PaymentDocument> {
    return eventually(async () => (await payments().findOne(query)) ?? undefined);
  }

  async function nameAll(names: Names, doc: PaymentDocument, label: string): Promise<void> {
    names.add(doc.paymentId, `<${label}.payment_id>`);
    names.add(doc.uuid, `<${label}.uuid>`);
    names.add(doc.trackId, `<${label}.track_id>`);
    names.add(doc.purchaseId, `<${label}.purchase_id>`);
    names.add(doc.payAddress, `<${label}.pay_address>`);
    const stream = await gateway.gateway.ctx.eventStore.readStream(streamIdOf('payment', doc.paymentId));
    for (const event of stream)
      if (event.type === 'PaymentFinished')
        names.add(String(event.data.payoutHash), `<${label}.payout_hash>`);
  }

  async function command(doc: PaymentDocument, type: string, data: Record<string, unknown>, metadata = {}) {
    clock.advance(60_000);
    const reply = await gateway.gateway.ctx.commands.send(
      streamIdOf('payment', doc.paymentId),
      doc.merchantId,
      {
        type,
        data,
        metadata,
      } as never,
    );
    if (!reply.ok) throw new Error(`${type} refused: ${reply.error.message}`);
  }

  const deposit = (doc: PaymentDocument, txHash: string, amount: string) =>
    command(doc, 'RecordDeposit', {
      txHash,
      amount,
      fromAddress: 'golden-sender',
      confirmations: doc.requiredConfirmations,
    });

  async function finished(doc: PaymentDocument): Promise<void> {
    await eventually(async () => {
      const stream = await gateway.gateway.ctx.eventStore.readStream(streamIdOf('payment', doc.paymentId));
      return stream.some((event) => event.type === 'PaymentFinished');
    }, LIFECYCLE_MS);
  }

  const expire = (doc: PaymentDocument) =>
    command(doc, 'ExpirePayment', {}, { now: new Date(Date.parse(doc.expiresAt) + 1_000).toISOString() });

  /**
   * The webhooks of a payment as the notifier sent them, in event order, once `done` holds for their
   * webhook statuses and all are delivered; each checked against what the receiver got.
   */
  async function webhooksOf(
    doc: PaymentDocument,
    done: (statuses: string[]) => boolean,
    verify: (raw: Buffer, headers: Record<string, string>) => boolean,
    step: string,
  ): Promise<Exchange[]> {
    type Detail = {
      delivery_id: string;
      state: string;
      webhook_status: string;
      body: string;
      headers: Record<string, string>;
    };
    const details = await eventually(async () => {
      const list = await admin<{ result: { delivery_id: string }[] }>(
        gateway,
        'GET',
        `/webhooks?payment_id=${doc.paymentId}`,
      );
      const all = await Promise.all(
        list.body.result.map(
          async (d) => (await admin<Detail>(gateway, 'GET', `/webhooks/${d.delivery_id}`)).body,
        ),
      );
      const complete = done(all.map((d) => d.webhook_status)) && all.every((d) => d.state === 'delivered');
      return complete ? all : undefined;
    }, LIFECYCLE_MS);
    const version = (d: Detail) => Number(d.delivery_id.split('-').at(-1));
    return details
      .sort((a, b) => version(a) - version(b))
      .map((d) => {
        const received = receiver.calls.find((call) => call.rawBody.toString('utf8') === d.body);
        expect(received).toBeDefined();
        expect(verify(received!.rawBody, d.headers)).toBe(true);
        const headers = Object.fromEntries(
          Object.entries(d.headers).map(([k, v]) => [k, k === 'content-type' ? v : '<signature>']),
        );
        const body = d.body.replace(/"sign":"[0-9a-f]{32}"/, '"sign":"<signature>"');
        return { step: `${step}: webhook ${d.webhook_status}`, headers, body };
      });
  }

  const has = (status: string) => (statuses: string[]) => statuses.includes(status);

  function compare(family: Family, names: Names, exchanges: Exchange[]): void {
    const named = exchanges.map((e) => ({ ...e, body: names.apply(e.body) }));
    const file = path.join(FIXTURES, `${family}.json`);
    if (RECORD || !existsSync(file)) {
      if (!RECORD) throw new Error(`no fixture ${file}: run with GOLDEN_RECORD=1 to record one`);
      mkdirSync(FIXTURES, { recursive: true });
      writeFileSync(file, `${JSON.stringify(named, null, 2)}\n`);
    }
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as Exchange[];
    expect(named.map((e) => e.step)).toEqual(recorded.map((e) => e.step));
    for (const [i, exchange] of named.entries()) expect(exchange).toEqual(recorded[i]);
  }

  async function http(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; text: string }> {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, text: await response.text() };
  }

  function baseNames(merchant: MerchantKeys): Names {
    const names = new Names();
    names.add(gateway.baseUrl, '<base_url>');
    // Links to the hosted pages name the public base URL: localhost on the gateway's port.
    names.add(`http://localhost:${new URL(gateway.baseUrl).port}`, '<public_url>');
    names.add(receiver.url, '<receiver>');
    names.add(merchant.merchantId, '<merchant_id>');
    return names;
  }

  it(
    'V1: create, read, list; finished, partially_paid, expired',
    async () => {
      const merchant = await newMerchant(gateway, 'Golden V1');
      const names = baseNames(merchant);
      const exchanges: Exchange[] = [];
      const call = async (step: string, method: string, route: string, body?: unknown) => {
        clock.advance(1_000);
        const answer = await http(
          method,
          `${gateway.baseUrl}${route}`,
          { 'x-api-key': merchant.apiKey },
          body === undefined ? undefined : JSON.stringify(body),
        );
        exchanges.push({ step, status: answer.status, body: answer.text });
        return JSON.parse(answer.text) as Record<string, unknown>;
      };
      const verify = (raw: Buffer, headers: Record<string, string>) =>
        nowPaymentsRawBodyVerifier(raw, headers['x-nowpayments-sig']!, merchant.ipnSecret);
      const docs: PaymentDocument[] = [];
      for (const label of ['paid', 'partial', 'expired']) {
        const created = await call(`create ${label}`, 'POST', '/v1/payment', {
          price_amount: 100,
          price_currency: 'usd',
          pay_currency: 'btc',
          order_id: `golden-v1-${label}`,
          order_description: 'Golden lifecycle',
          ipn_callback_url: `${receiver.url}/v1/${label}`,
        });
        const doc = await documentWhere({ paymentId: Number(created.payment_id) });
        await nameAll(names, doc, label);
        docs.push(doc);
        await call(`read ${label}`, 'GET', `/v1/payment/${doc.paymentId}`);
      }
      const [paid, partial, expired] = docs as [PaymentDocument, PaymentDocument, PaymentDocument];
      await call('list (all waiting)', 'GET', '/v1/payment/?limit=10&sortBy=created_at&orderBy=asc');

      await deposit(paid, 'golden-v1-tx-paid', paid.payAmount);
      await finished(paid);
      await nameAll(names, paid, 'paid');
      await call('read paid (finished)', 'GET', `/v1/payment/${paid.paymentId}`);
      await deposit(partial, 'golden-v1-tx-partial', '0.00001');
      await call('read partial', 'GET', `/v1/payment/${partial.paymentId}`);
      await expire(expired);
      await call('read expired', 'GET', `/v1/payment/${expired.paymentId}`);
      await eventually(
        async () =>
          (await payments().findOne({ paymentId: expired.paymentId, status: 'expired' })) ?? undefined,
      );
      await call('list (after)', 'GET', '/v1/payment/?limit=10&sortBy=created_at&orderBy=asc');

      exchanges.push(...(await webhooksOf(paid, has('finished'), verify, 'paid')));
      exchanges.push(...(await webhooksOf(partial, has('partially_paid'), verify, 'partial')));
      exchanges.push(...(await webhooksOf(expired, has('expired'), verify, 'expired')));
      compare('v1', names, exchanges);
    },
    LIFECYCLE_MS * 3,
  );

  it(
    'family A: create, info, list; paid then paid_over by a late deposit, wrong_amount, cancel',
    async () => {
      const merchant = await newMerchant(gateway, 'Golden A');
      const names = baseNames(merchant);
      const exchanges: Exchange[] = [];
      const call = async (step: string, route: string, body: unknown) => {
        clock.advance(1_000);
        const text = JSON.stringify(body);
        const answer = await http(
          'POST',
          `${gateway.baseUrl}/alpha/v1${route}`,
          { merchant: merchant.merchantId, sign: upstreamSign(text, merchant.paymentKey) },
          text,
        );
        exchanges.push({ step, status: answer.status, body: answer.text });
        return JSON.parse(answer.text) as { result: Record<string, unknown> };
      };
      const verify = (raw: Buffer) => cryptomusPyVerifier(raw.toString('utf8'), merchant.paymentKey);
      const docs: PaymentDocument[] = [];
      for (const label of ['paid', 'partial', 'expired']) {
        const created = await call(`create ${label}`, '/payment', {
          amount: '20',
          currency: 'USD',
          order_id: `golden-a-${label}`,
          url_callback: `${receiver.url}/alpha/${label}`,
          additional_data: 'golden',
        });
        const doc = await documentWhere({ uuid: String(created.result.uuid) });
        await nameAll(names, doc, label);
        docs.push(doc);
        await call(`info ${label}`, '/payment/info', { uuid: doc.uuid });
      }
      const [paid, partial, expired] = docs as [PaymentDocument, PaymentDocument, PaymentDocument];
      await call('list (all process)', '/payment/list', {});

      await deposit(paid, 'golden-a-tx-paid', paid.payAmount);
      await finished(paid);
      await nameAll(names, paid, 'paid');
      await call('info paid (paid)', '/payment/info', { uuid: paid.uuid });
      await deposit(paid, 'golden-a-tx-late', '0.00002');
      await call('info paid (late money)', '/payment/info', { uuid: paid.uuid });
      await deposit(partial, 'golden-a-tx-partial', '0.00001');
      await call('info partial', '/payment/info', { uuid: partial.uuid });
      await expire(expired);
      await eventually(
        async () =>
          (await payments().findOne({ paymentId: expired.paymentId, status: 'expired' })) ?? undefined,
      );
      await call('info expired', '/payment/info', { uuid: expired.uuid });
      await call('list (after)', '/payment/list', {});

      exchanges.push(...(await webhooksOf(paid, has('paid_over'), verify, 'paid')));
      exchanges.push(...(await webhooksOf(partial, has('wrong_amount'), verify, 'partial')));
      exchanges.push(...(await webhooksOf(expired, has('cancel'), verify, 'expired')));
      compare('alpha', names, exchanges);
    },
    LIFECYCLE_MS * 3,
  );

  it(
    'family B: invoice, information, history; Paid then a late transaction, Underpaid, Expired',
    async () => {
      const merchant = await newMerchant(gateway, 'Golden B');
      const names = baseNames(merchant);
      const exchanges: Exchange[] = [];
      const call = async (step: string, method: string, route: string, body?: unknown) => {
        clock.advance(1_000);
        const answer = await http(
          method,
          `${gateway.baseUrl}/beta/v1${route}`,
          { merchant_api_key: merchant.betaApiKey },
          body === undefined ? undefined : JSON.stringify(body),
        );
        exchanges.push({ step, status: answer.status, body: answer.text });
        return JSON.parse(answer.text) as { data: Record<string, unknown> };
      };
      const verify = (raw: Buffer, headers: Record<string, string>) =>
        oxaPayPhpVerifier(raw, { hmac: headers.HMAC }, merchant.betaApiKey);
      const docs: PaymentDocument[] = [];
      for (const label of ['paid', 'partial', 'expired']) {
        const created = await call(`invoice ${label}`, 'POST', '/payment/invoice', {
          amount: 25,
          currency: 'USD',
          to_currency: 'BTC',
          order_id: `golden-b-${label}`,
          callback_url: `${receiver.url}/beta/${label}`,
          description: 'Golden lifecycle',
        });
        const doc = await documentWhere({ trackId: String(created.data.track_id) });
        await nameAll(names, doc, label);
        docs.push(doc);
        await call(`information ${label}`, 'GET', `/payment/${doc.trackId}`);
      }
      const [paid, partial, expired] = docs as [PaymentDocument, PaymentDocument, PaymentDocument];
      await call('history (all waiting)', 'GET', '/payment?sort_by=create_date&sort_type=asc');

      await deposit(paid, 'golden-b-tx-paid', paid.payAmount);
      await finished(paid);
      await nameAll(names, paid, 'paid');
      await call('information paid (Paid)', 'GET', `/payment/${paid.trackId}`);
      await deposit(paid, 'golden-b-tx-late', '0.00002');
      await call('information paid (late money)', 'GET', `/payment/${paid.trackId}`);
      await deposit(partial, 'golden-b-tx-partial', '0.00001');
      await call('information partial', 'GET', `/payment/${partial.trackId}`);
      await expire(expired);
      await eventually(
        async () =>
          (await payments().findOne({ paymentId: expired.paymentId, status: 'expired' })) ?? undefined,
      );
      await call('information expired', 'GET', `/payment/${expired.trackId}`);
      await call('history (after)', 'GET', '/payment?sort_by=create_date&sort_type=asc');

      // Paid, then Paid again with the late transaction in txs.
      const twicePaid = (statuses: string[]) => statuses.filter((s) => s === 'Paid').length === 2;
      exchanges.push(...(await webhooksOf(paid, twicePaid, verify, 'paid')));
      exchanges.push(...(await webhooksOf(partial, has('Underpaid'), verify, 'partial')));
      exchanges.push(...(await webhooksOf(expired, has('Expired'), verify, 'expired')));
      compare('beta', names, exchanges);
    },
    LIFECYCLE_MS * 3,
  );
});
