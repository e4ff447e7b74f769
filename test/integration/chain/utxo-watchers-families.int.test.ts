import { toBaseUnits } from '@gw/rates';
import { AlphaClient } from '../../e2e/alpha/alpha-client';
import { readyMerchant, storedPayment } from '../../e2e/alpha/alpha-fixtures';
import { BetaClient } from '../../e2e/beta/beta-client';
import type { RegtestNetwork } from '../../support/chain/regtest-node';
import { startWatchedChain, type WatchedChain } from '../../support/chain/watched-chain';

const REQUIRED_CONFIRMATIONS = 2;
const baseUnits = (amount: string | number): bigint => BigInt(toBaseUnits(String(amount), 8));

/** Families A (Cryptomus) and B (OxaPay) paid on a real chain: the real txid in their records and webhooks. */
describe.each<RegtestNetwork>(['btc', 'ltc'])('families A and B paid on a real %s node', (network) => {
  let chain: WatchedChain;

  beforeAll(async () => {
    chain = await startWatchedChain(network, { requiredConfirmations: REQUIRED_CONFIRMATIONS, coins: 2 });
    await readyMerchant(chain.gateway, chain.gateway.demoMerchant);
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
  });

  const webhookTo = async (path: string, accept: (json: Record<string, unknown>) => boolean) => {
    for (;;) {
      const call = chain.webhooks.calls.find((c) => c.path === path && accept(c.json));
      if (call) return call;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('family A: an invoice paid exactly is paid, with the txid in its record and webhook', async () => {
    const client = new AlphaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
    const path = `/alpha-${network}`;
    const payment = await client.createPayment({
      to_currency: network.toUpperCase(),
      network,
      url_callback: `${chain.webhooks.url}${path}`,
    });
    const stored = await storedPayment(chain.gateway, payment.uuid);
    const txid = await chain.wallet.pay([
      { address: payment.address, amount: baseUnits(payment.payer_amount) },
    ]);
    await chain.events.until(stored.paymentId, 'PaymentConfirming');
    expect(await client.paymentWhen(payment.uuid, (p) => p.txid === txid)).toMatchObject({
      status: 'confirm_check',
    });

    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    await chain.events.until(stored.paymentId, 'PaymentFinished');
    expect(await client.paymentWhen(payment.uuid, (p) => p.status === 'paid')).toMatchObject({
      txid,
      is_final: true,
      payment_amount: payment.payer_amount,
    });
    const call = await webhookTo(path, (json) => json.status === 'paid');
    expect(call.json).toMatchObject({ uuid: payment.uuid, txid, is_final: true });
  });

  it('family B: an invoice paid exactly is Paid, with the tx hash in its txs and webhook', async () => {
    const client = new BetaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
    const path = `/beta-${network}`;
    const { track_id: trackId } = await client.createInvoice({
      amount: network === 'btc' ? 0.01 : 0.1,
      currency: network.toUpperCase(),
      callback_url: `${chain.webhooks.url}${path}`,
    });
    const stored = await storedPayment(chain.gateway, Number(trackId));
    const txid = await chain.wallet.pay([
      { address: stored.payAddress, amount: baseUnits(stored.payAmount) },
    ]);
    await chain.events.until(stored.paymentId, 'PaymentConfirming');
    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    await chain.events.until(stored.paymentId, 'PaymentFinished');
    const call = await webhookTo(path, (json) => json.status === 'Paid');
    expect((call.json.txs as { tx_hash: string }[]).map((tx) => tx.tx_hash)).toEqual([txid]);
    await client.itemWhen(trackId, (i) => i.status === 'Paid');
    const information = await client.send('GET', `/payment/${trackId}`);
    expect(information.status).toBe(200);
    expect(JSON.stringify(information.body)).toContain(txid);
  });
});
