import path from 'node:path';
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
 * oxapay-python's static-address methods (generate_static_address, static_address_list,
 * revoke_static_address) against family B, on a gateway watching a real btc node: the SDK from PyPI in
 * the venv the test creates.
 */
describe('oxapay-python static addresses against family B on a real btc node', () => {
  let chain: WatchedChain;
  let merchant: MerchantKeys;
  const driver = path.join(__dirname, 'beta-driver.py');
  const run = (calls: Record<string, unknown[]>) =>
    runPythonDriver<Record<string, Outcome>>(driver, [chain.gateway.baseUrl, JSON.stringify(calls)]);

  beforeAll(async () => {
    chain = await startWatchedChain('btc', { requiredConfirmations: REQUIRED_CONFIRMATIONS, coins: 3 });
    merchant = await readyMerchant(chain.gateway, chain.gateway.demoMerchant);
  }, 600_000);

  afterAll(async () => {
    await chain?.stop();
  });

  it('hands out, lists with its deposits, and revokes a static address', async () => {
    const key = merchant.betaApiKey;
    const callback = `${chain.webhooks.url}/static`;
    const opened = await run({
      generate_static_address: [
        'generate_static_address',
        key,
        { network: 'Bitcoin', order_id: 'sdk-user-1' },
        callback,
      ],
      'generate_static_address (again)': [
        'generate_static_address',
        key,
        { network: 'BTC', order_id: 'sdk-user-1' },
      ],
      'generate_static_address (unknown network)': ['generate_static_address', key, { network: 'Atlantis' }],
    });
    const address = opened.generate_static_address?.returned as Json;
    expect(address).toMatchObject({ track_id: expect.stringMatching(/^\d+$/), address: expect.any(String) });
    expect(opened['generate_static_address (again)']?.returned).toEqual(address);
    expect(opened['generate_static_address (unknown network)']).toMatchObject({
      raised: 'ValidationRequestException',
      message: expect.stringContaining('The selected network is invalid.'),
    });

    const txid = await chain.wallet.pay([
      { address: address.address, amount: BigInt(toBaseUnits('0.0025', 8)) },
    ]);
    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    const paid = await webhookCall(
      chain.webhooks,
      (json) => json.type === 'static_address' && json.status === 'Paid' && json.order_id === 'sdk-user-1',
    );
    // The list reads the read model, which follows the events: ask until the deposit shows.
    let listed: Json | undefined;
    for (;;) {
      const answer = await run({
        static_address_list: ['static_address_list', key, { order_id: 'sdk-user-1' }],
      });
      listed = (answer.static_address_list?.returned as Json).list?.[0];
      if (listed?.txs?.length === 1) break;
    }
    expect(listed).toMatchObject({
      track_id: address.track_id,
      address: address.address,
      order_id: 'sdk-user-1',
      callback_url: callback,
      revoked: false,
      txs: [{ tx_hash: txid, currency: 'BTC', amount: 0.0025, track_id: String(paid.json.track_id) }],
    });

    const revoked = await run({
      revoke_static_address: ['revoke_static_address', key, address.address, 'BTC'],
      'revoke_static_address (not ours)': [
        'revoke_static_address',
        key,
        'bcrt1qnotanaddressofthismerchant',
        'BTC',
      ],
      'static_address_list (revoked)': ['static_address_list', key, { address: address.address }],
    });
    expect(revoked.revoke_static_address).toEqual({ returned: null });
    expect(revoked['revoke_static_address (not ours)']).toMatchObject({ raised: 'NotFoundException' });
    const after = (revoked['static_address_list (revoked)']?.returned as Json).list[0];
    expect(after).toMatchObject({ address: address.address });
  });
});
