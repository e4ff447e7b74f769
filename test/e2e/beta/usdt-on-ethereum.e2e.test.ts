import { testEvmAccountPublicKey } from '@gw/chain/testing';
import { AnvilNode } from '../../support/chain/anvil-node';
import { tokenCoin, type EvmCoin } from '../../support/chain/evm-coins';
import { TestToken } from '../../support/chain/test-token';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';
import { webhookCall } from '../../support/chain/webhook-calls';
import { storedPayment } from '../alpha/alpha-fixtures';
import { MerchantCalls } from '../security/merchant-calls';
import { BetaClient } from './beta-client';

/** Blocks a deposit needs: its own (anvil mines it at once) and two more. */
const REQUIRED_CONFIRMATIONS = 3;

/**
 * OxaPay merchants price invoices in "USDT". On a gateway that takes money only on Ethereum (the sandbox
 * off, the merchant's EVM wallet, a node behind ETH_RPC_URL), "USDT" is USDT on Ethereum: Tron's listing
 * cannot be paid there and is not needed to price the invoice.
 */
describe('family B on an Ethereum-only gateway: an invoice priced in USDT', () => {
  let node: AnvilNode;
  let chain: WatchingGateway;
  let usdt: EvmCoin;

  beforeAll(async () => {
    node = await AnvilNode.start();
    const token = await TestToken.deploy(node);
    usdt = tokenCoin(token, 'usdterc20');
    chain = await startWatchingGateway({
      name: 'beta-usdt',
      env: node.watcherEnv(REQUIRED_CONFIRMATIONS, token.address),
      walletNetwork: 'eth',
      extendedPublicKey: testEvmAccountPublicKey(),
      stopNode: () => node.stop(),
    });
  }, 120_000);

  afterAll(() => chain?.stop());

  const beta = () => new BetaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);

  it('opens in USDT on Ethereum and is Paid once the ERC-20 transfer has its confirmations', async () => {
    const created = await beta().send('POST', '/payment/invoice', {
      body: { amount: 25, currency: 'USDT', callback_url: `${chain.webhooks.url}/beta` },
    });
    expect(created).toMatchObject({ status: 200, body: { status: 200 } });
    const trackId = String(created.body.data.track_id);
    const stored = await storedPayment(chain.gateway, Number(trackId));
    expect(stored).toMatchObject({ priceAmount: '25', payCurrency: 'usdterc20', payAmount: '25' });
    expect(stored.payAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const txHash = await usdt.pay(stored.payAddress, usdt.units(stored.payAmount));
    await chain.events.until(stored.paymentId, 'PaymentConfirming');
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    await chain.events.until(stored.paymentId, 'PaymentFinished');

    const paid = await webhookCall(
      chain.webhooks,
      (json) => json.track_id === trackId && json.status === 'Paid',
    );
    expect(paid.json).toMatchObject({ currency: 'USDT', sandbox: false });
    expect(paid.json.txs).toEqual([
      expect.objectContaining({
        tx_hash: txHash,
        currency: 'USDT',
        network: 'Ethereum (ERC-20)',
        received_amount: 25,
      }),
    ]);
    const information = await beta().send('GET', `/payment/${trackId}`);
    expect(information.body.data).toMatchObject({
      status: 'Paid',
      currency: 'USDT',
      txs: [expect.objectContaining({ tx_hash: txHash, currency: 'USDT', network: 'Ethereum (ERC-20)' })],
    });
  });

  it('opens an invoice priced in USD in USDT on Ethereum too', async () => {
    const created = await beta().send('POST', '/payment/invoice', { body: { amount: 25, currency: 'USD' } });
    expect(created.status).toBe(200);
    const stored = await storedPayment(chain.gateway, Number(created.body.data.track_id));
    expect(stored).toMatchObject({ priceCurrency: 'usd', payCurrency: 'usdterc20' });
  });

  it('offers USDT on Ethereum, not on Tron, among its currencies', async () => {
    const currencies = await beta().send('GET', '/common/currencies');
    expect(Object.keys(currencies.body.data.USDT.networks)).toEqual(['Ethereum (ERC-20)']);
  });

  it('is the same in family A: USDT without a network opens on Ethereum, USDT on Tron is refused', async () => {
    const merchant = new MerchantCalls(chain.gateway.baseUrl, chain.gateway.demoMerchant);
    const order = (suffix: string) => `usdt-${suffix}-${chain.gateway.demoMerchant.merchantId.slice(0, 8)}`;
    const anyNetwork = await merchant.alpha('/alpha/v1/payment', {
      amount: '25',
      currency: 'USDT',
      order_id: order('any'),
    });
    expect(anyNetwork).toMatchObject({
      status: 200,
      body: { result: { currency: 'USDT', network: 'eth', payer_currency: 'USDT' } },
    });
    const onTron = await merchant.alpha('/alpha/v1/payment', {
      amount: '25',
      currency: 'USDT',
      network: 'tron',
      order_id: order('tron'),
    });
    expect(onTron).toMatchObject({
      status: 422,
      body: { state: 1, message: 'USDT on tron cannot take payments for the merchant' },
    });
  });
});
