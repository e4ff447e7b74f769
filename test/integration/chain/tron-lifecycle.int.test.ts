import { testTronAccountPublicKey } from '@gw/chain/testing';
import { fromBaseUnits, toBaseUnits } from '@gw/pricing';
import { isTronAddress, tronAddressFromHex, tronAddressToHex } from '@gw/platform';
import { AlphaClient } from '../../e2e/alpha/alpha-client';
import { readyMerchant, storedPayment } from '../../e2e/alpha/alpha-fixtures';
import { BetaClient } from '../../e2e/beta/beta-client';
import { AnvilNode } from '../../support/chain/anvil-node';
import { TestToken } from '../../support/chain/test-token';
import { TronHttpStandIn } from '../../support/chain/tron-stand-ins';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';
import { webhookCall, webhookStatuses } from '../../support/chain/webhook-calls';

/** Tron mainnet's chain id: the payments are real money, priced from the live feed's local stand-in. */
const TRON_MAINNET_CHAIN_ID = 728126428;
const REQUIRED_CONFIRMATIONS = 2;
/** TRX and USDT on Tron both count in 6 decimals (sun; USDT's base units). */
const DECIMALS = 6;
const units = (amount: string | number) => BigInt(toBaseUnits(String(amount), DECIMALS));

type Coin = 'trx' | 'usdttrc20';

/**
 * Tron end to end with the sandbox off: anvil started with Tron's mainnet chain id as the trx watcher's
 * JSON-RPC node, a 6-decimal token the test deploys as usdttrc20, a stand-in of java-tron's HTTP API, and
 * the demo merchant's trx wallet (m/44'/195'/0' of the test seed). Each payment's T… address is paid at
 * its hex form, as Tron's JSON-RPC names it: V1 usdttrc20 and trx, a partial payment, family A USDT on
 * network tron overpaid, and family B's fiat invoice, which defaults to USDT on Tron.
 */
describe('the trx watcher on anvil as a Tron node: TRX and USDT-TRC20 in families V1, A and B', () => {
  let node: AnvilNode;
  let token: TestToken;
  let httpApi: TronHttpStandIn;
  let chain: WatchingGateway;

  beforeAll(async () => {
    node = await AnvilNode.start(TRON_MAINNET_CHAIN_ID);
    token = await TestToken.deploy(node, DECIMALS);
    httpApi = await TronHttpStandIn.start(node);
    chain = await startWatchingGateway({
      name: 'tron',
      env: {
        TRON_RPC_URL: node.url,
        TRON_HTTP_URL: httpApi.url,
        TRON_API_KEY: 'test-key',
        TRON_CONFIRMATIONS: String(REQUIRED_CONFIRMATIONS),
        TRON_USDT_CONTRACT: tronAddressFromHex(token.address),
      },
      walletNetwork: 'trx',
      extendedPublicKey: testTronAccountPublicKey(),
      stopNode: async () => {
        await httpApi.stop();
        await node.stop();
      },
    });
    await readyMerchant(chain.gateway, chain.gateway.demoMerchant);
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
  });

  /** Pays `amount` units of `coin` to the T… address, at its hex form; resolves with the tx hash once mined. */
  function pay(coin: Coin, address: string, amountUnits: bigint): Promise<string> {
    expect(isTronAddress(address)).toBe(true);
    const hex = tronAddressToHex(address);
    return coin === 'trx' ? node.payNative(hex, amountUnits) : token.transfer(hex, amountUnits);
  }

  /** Pays and mines the confirmations; resolves with the tx hash once the payment is finished. */
  async function payUntil(
    coin: Coin,
    paymentId: number,
    address: string,
    amountUnits: bigint,
  ): Promise<string> {
    const txHash = await pay(coin, address, amountUnits);
    await chain.events.until(paymentId, 'PaymentConfirming');
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    const history = await chain.events.until(paymentId, 'PaymentFinished');
    const detected = history.filter((e) => e.type === 'DepositDetected').map((e) => e.data);
    expect(detected).toEqual([
      expect.objectContaining({ txHash, amount: fromBaseUnits(amountUnits.toString(), DECIMALS) }),
    ]);
    return txHash;
  }

  const v1 = () =>
    v1Caller(
      () => chain.gateway.baseUrl,
      () => chain.gateway.demoMerchant.apiKey,
    );

  it.each<Coin>(['usdttrc20', 'trx'])(
    'V1: a %s payment is waiting, confirming, confirmed, finished, the tx hash in payin_hash',
    async (coin) => {
      const call = v1();
      const payment = await call<V1Payment>('POST', '/v1/payment', {
        price_amount: 50,
        price_currency: 'usd',
        pay_currency: coin,
        ipn_callback_url: `${chain.webhooks.url}/v1`,
      });
      expect(payment.pay_address).toMatch(/^T/);
      const txHash = await payUntil(coin, payment.payment_id, payment.pay_address, units(payment.pay_amount));
      const about = (json: Record<string, unknown>) => json.payment_id === payment.payment_id;
      await webhookCall(chain.webhooks, (json) => about(json) && json.payment_status === 'finished');
      expect(await call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`)).toMatchObject({
        payment_status: 'finished',
        pay_currency: coin,
        payin_hash: txHash,
        actually_paid: payment.pay_amount,
      });
      expect(webhookStatuses(chain.webhooks, about, 'payment_status')).toEqual([
        'waiting',
        'confirming',
        'confirmed',
        'finished',
      ]);
    },
  );

  it('V1: half the USDT is partially_paid at once, and finished once the rest arrives', async () => {
    const call = v1();
    const payment = await call<V1Payment>('POST', '/v1/payment', {
      price_amount: 40,
      price_currency: 'usd',
      pay_currency: 'usdttrc20',
    });
    const total = units(payment.pay_amount);
    const first = await pay('usdttrc20', payment.pay_address, total / 2n);
    await chain.events.until(payment.payment_id, 'PaymentUnderpaid');
    expect(await call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`)).toMatchObject({
      payment_status: 'partially_paid',
      payin_hash: first,
      actually_paid: Number(fromBaseUnits((total / 2n).toString(), DECIMALS)),
    });
    await pay('usdttrc20', payment.pay_address, total - total / 2n);
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    await chain.events.until(payment.payment_id, 'PaymentFinished');
    expect(await call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`)).toMatchObject({
      payment_status: 'finished',
      actually_paid: payment.pay_amount,
    });
  });

  it('family A: USDT on network tron overpaid is paid_over, the tx hash in txid', async () => {
    const client = new AlphaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
    const payment = await client.createPayment({ to_currency: 'USDT', network: 'tron' });
    const stored = await storedPayment(chain.gateway, payment.uuid);
    expect(stored.payCurrency).toBe('usdttrc20');
    // The hosted page names the network and warns that only USDT sent on Tron counts.
    const page = await (await fetch(`${chain.gateway.baseUrl}/pay/${payment.uuid}`)).text();
    expect(page).toContain('Send only USDT on the Tron (TRC-20) network');
    expect(page).toContain(payment.address);
    const txHash = await payUntil(
      'usdttrc20',
      stored.paymentId,
      payment.address,
      units(payment.payer_amount) + units(1),
    );
    expect(await client.paymentWhen(payment.uuid, (p) => p.status === 'paid_over')).toMatchObject({
      payment_status: 'finished',
      txid: txHash,
      network: 'tron',
    });
  });

  it('family B: a fiat invoice defaults to USDT on Tron for a merchant with a trx wallet, and is Paid', async () => {
    const client = new BetaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
    const { track_id: trackId } = await client.createInvoice({
      amount: 12,
      currency: 'USD',
      callback_url: `${chain.webhooks.url}/beta`,
    });
    const stored = await storedPayment(chain.gateway, Number(trackId));
    expect(stored.payCurrency).toBe('usdttrc20');
    const txHash = await payUntil('usdttrc20', stored.paymentId, stored.payAddress, units(stored.payAmount));
    const about = (json: Record<string, unknown>) => json.track_id === trackId;
    const call = await webhookCall(chain.webhooks, (json) => about(json) && json.status === 'Paid');
    expect((call.json.txs as { tx_hash: string }[]).map((tx) => tx.tx_hash)).toEqual([txHash]);
    expect(webhookStatuses(chain.webhooks, about)).toEqual(['Paying', 'Paid']);
  });
});
