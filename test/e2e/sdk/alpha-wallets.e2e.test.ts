import path from 'node:path';
import { paymentUris, qrCodePngDataUrl } from '@gw/chain';
import { toBaseUnits } from '@gw/pricing';
import type { MerchantKeys } from '@gw/application';
import { readyMerchant } from '../alpha/alpha-fixtures';
import { startWatchedChain, type WatchedChain } from '../../support/chain/watched-chain';
import { runPythonDriver } from '../../support/python-sdks';
import { webhookCall } from '../../support/chain/webhook-calls';

type Outcome = { returned?: unknown; raised?: string; message?: string };
// Tests assert on fields one by one, so answers are typed loosely here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const REQUIRED_CONFIRMATIONS = 2;

/**
 * Family A static wallets through the real SDKs (pyCryptomusAPI create_wallet and block_wallet, cryptomus
 * Payment.create_wallet) on a gateway watching a real btc node: each top-up is a payment reported with
 * type wallet, and a top-up after the block is recorded, never credited.
 */
describe('Cryptomus SDK static wallets against family A on a real btc node', () => {
  let chain: WatchedChain;
  let merchant: MerchantKeys;
  const run = (calls: Record<string, unknown[]>) =>
    runPythonDriver<Record<string, Outcome>>(path.join(__dirname, 'alpha-wallet-driver.py'), [
      chain.gateway.baseUrl,
      merchant.merchantId,
      merchant.paymentKey,
      JSON.stringify(calls),
    ]);

  beforeAll(async () => {
    chain = await startWatchedChain('btc', { requiredConfirmations: REQUIRED_CONFIRMATIONS, coins: 3 });
    merchant = await readyMerchant(chain.gateway, chain.gateway.demoMerchant);
  }, 600_000);

  afterAll(async () => {
    await chain?.stop();
  });

  it('creates a wallet, reports its top-up as type wallet, and blocks it', async () => {
    const callback = `${chain.webhooks.url}/wallet`;
    const created = await run({
      create_wallet: [
        'pyCryptomusAPI',
        'create_wallet',
        { network: 'btc', currency: 'BTC', order_id: 'sdk-w-1', url_callback: callback },
      ],
      'Payment.create_wallet (same order)': [
        'cryptomus',
        'create_wallet',
        { network: 'btc', currency: 'BTC', order_id: 'sdk-w-1' },
      ],
      'create_wallet (a coin of another network)': [
        'pyCryptomusAPI',
        'create_wallet',
        { network: 'btc', currency: 'ETH', order_id: 'sdk-w-2' },
      ],
    });
    const wallet = created.create_wallet?.returned as Json;
    expect(wallet).toMatchObject({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      wallet_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      address: expect.any(String),
      network: 'btc',
      currency: 'BTC',
    });
    expect(created['Payment.create_wallet (same order)']?.returned).toEqual(wallet);
    expect(created['create_wallet (a coin of another network)']).toMatchObject({
      raised: expect.any(String),
    });

    const qr = await run({
      wallet_qr_code: ['pyCryptomusAPI', 'wallet_qr_code', wallet.uuid],
      'wallet_qr_code (unknown)': [
        'pyCryptomusAPI',
        'wallet_qr_code',
        '00000000-0000-4000-8000-000000000000',
      ],
    });
    // The static wallet's wallet link, without an amount: the same text its url's SVG QR code carries.
    const link = paymentUris(chain.gateway.gateway.ctx.config.chainWatchers)('btc', wallet.address, null);
    expect(qr.wallet_qr_code?.returned).toBe(await qrCodePngDataUrl(link));
    expect(qr.wallet_qr_code?.returned).toMatch(/^data:image\/png;base64,/);
    expect(qr['wallet_qr_code (unknown)']).toEqual({
      raised: 'pyCryptomusAPIException',
      message: 'Wallet not found',
    });

    const txid = await chain.wallet.pay([
      { address: wallet.address, amount: BigInt(toBaseUnits('0.0031', 8)) },
    ]);
    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    const paid = await webhookCall(
      chain.webhooks,
      (json) => json.type === 'wallet' && json.status === 'paid',
    );
    expect(paid.json).toMatchObject({
      type: 'wallet',
      wallet_address_uuid: wallet.uuid,
      order_id: 'sdk-w-1',
      txid,
      payment_amount: '0.00310000',
      currency: 'BTC',
      network: 'btc',
    });

    const blocked = await run({
      block_wallet: ['pyCryptomusAPI', 'block_wallet', { order_id: 'sdk-w-1' }],
      'block_wallet (force refund)': [
        'pyCryptomusAPI',
        'block_wallet',
        { wallet_uuid: wallet.uuid, is_force_refund: true },
      ],
      'block_wallet (unknown)': ['pyCryptomusAPI', 'block_wallet', { order_id: 'no-such-order' }],
    });
    expect(blocked.block_wallet?.returned).toEqual({ uuid: wallet.uuid, status: 'blocked' });
    expect(blocked['block_wallet (force refund)']).toMatchObject({
      raised: expect.any(String),
      message: expect.stringContaining('non-custodial'),
    });
    expect(blocked['block_wallet (unknown)']).toMatchObject({ raised: expect.any(String) });

    // A top-up after the block: recorded on the wallet, no payment, no webhook.
    const late = await chain.wallet.pay([
      { address: wallet.address, amount: BigInt(toBaseUnits('0.002', 8)) },
    ]);
    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    const store = chain.gateway.gateway.ctx.readModels.collection<Json & { id: string; version: number }>(
      'staticAddresses',
    );
    for (;;) {
      const [found] = await store.find({ filter: { uuid: wallet.uuid }, limit: 1 });
      if (found?.refusedDeposits?.length === 1) {
        expect(found.refusedDeposits[0]).toMatchObject({ txHash: late, amount: '0.002' });
        expect(found.deposits).toHaveLength(1);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(chain.webhooks.calls.filter((c) => c.json.txid === late)).toEqual([]);

    // test_wallet_webhook for the merchant's wallet, named by its order_id: a sample top-up naming it.
    const tested = await run({
      test_wallet_webhook: [
        'pyCryptomusAPI',
        'test_wallet_webhook',
        { url_callback: `${chain.webhooks.url}/test`, currency: 'BTC', network: 'btc', order_id: 'sdk-w-1' },
      ],
    });
    expect(tested.test_wallet_webhook).toEqual({ returned: [] });
    const sample = await webhookCall(chain.webhooks, (json) => json.is_test === true);
    expect(sample.json).toMatchObject({
      type: 'wallet',
      wallet_address_uuid: wallet.uuid,
      order_id: 'sdk-w-1',
      status: 'paid',
    });
  });
});
