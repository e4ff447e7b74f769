import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseWatchOnlyWallet, receiveAddresses } from '@gw/chain';
import { testAccountPublicKey, testEvmAccount, testEvmAccountPublicKey } from '@gw/chain/testing';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { AnvilNode } from '../../support/chain/anvil-node';
import { RegtestNode } from '../../support/chain/regtest-node';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { readyClient } from '../v1/v1-client';
import { adminClient } from './admin-helpers';

/** Litecoin on regtest with a node configured (nothing listens there: no deposit is expected here). */
/** Litecoin on a private regtest node of this file, asked about each address before it is handed out. */
const ltcRegtest = (node: RegtestNode) => ({ ...node.watcherEnv(1), LTC_CHAIN: 'regtest' });
const TPUB = testAccountPublicKey(1, 'tpub');
const VPUB = testAccountPublicKey(1, 'vpub');
const expectedAddresses = (count: number) =>
  receiveAddresses(parseWatchOnlyWallet(TPUB, 'ltc', 'regtest'), 0, count);

describe("a merchant's watch-only wallet", () => {
  let dataDir: string;
  let gateway: TestGateway | undefined;
  let ltc: RegtestNode;
  const anvils: AnvilNode[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-wallets-'));
    ltc = await RegtestNode.start('ltc');
  });

  afterAll(async () => {
    await gateway?.stop();
    await ltc?.destroy();
    for (const anvil of anvils) await anvil.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is set from a vpub, pays every payment to its next address, and continues after a restart', async () => {
    gateway = await startTestGateway({ dataDir, env: ltcRegtest(ltc) });
    const admin = adminClient(gateway);
    const merchantId = gateway.demoMerchant.merchantId;

    const set = await admin('PUT', `/merchants/${merchantId}/wallets/ltc`, {
      body: { extended_public_key: VPUB },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      network: 'ltc',
      chain: 'regtest',
      extended_public_key: TPUB,
      first_addresses: expectedAddresses(5),
      addresses_handed_out: 0,
      unused_addresses_in_a_row: 0,
      gap_limit: 20,
      takes_payments: true,
      warnings: [],
    });
    expect(String(set.body.descriptor)).toMatch(/^wpkh\(tpub[1-9A-Za-z]+\/0\/\*\)#[a-z0-9]{8}$/);

    const client = await readyClient(gateway);
    const created = await Promise.all(
      [1, 2, 3].map((n) => client.createPayment({ pay_currency: 'ltc', order_id: `wallet-${n}` })),
    );
    const addresses = created.map((payment) => String(payment.pay_address));
    expect([...addresses].sort()).toEqual([...expectedAddresses(3)].sort());

    const payments = gateway.gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    const recorded = await Promise.all(
      created.map(async (payment) => payments.get(String(payment.payment_id))),
    );
    expect(recorded.map((payment) => payment?.payAddressIndex).sort()).toEqual([0, 1, 2]);
    expect(recorded.every((payment) => payment?.testPayment === false)).toBe(true);

    // A real payment is paid on its chain only: the sandbox refuses to fake its deposit.
    const faked = await client.post(`/sandbox/v1/payments/${String(created[0]!.payment_id)}/pay`, {});
    expect(faked.status).toBe(409);
    expect(faked.text).toContain("merchant's wallet");

    await gateway.stop();
    gateway = await startTestGateway({ dataDir, env: ltcRegtest(ltc) });
    const afterRestart = await (
      await readyClient(gateway, client.apiKey)
    ).createPayment({ pay_currency: 'ltc' });
    expect(afterRestart.pay_address).toBe(expectedAddresses(4)[3]);

    const listed = await adminClient(gateway)('GET', `/merchants/${merchantId}/wallets`);
    expect(listed.body).toMatchObject({
      result: [{ network: 'ltc', addresses_handed_out: 4, unused_addresses_in_a_row: 4 }],
    });
  });

  describe('refuses with a 400 that says why', () => {
    beforeAll(async () => {
      await gateway?.stop();
      gateway = await startTestGateway({ env: ltcRegtest(ltc) });
    });

    it.each([
      ['a mainnet key on regtest', testAccountPublicKey(0, 'zpub'), /mainnet key/],
      [
        'a private key',
        'tprv8ZgxMBicQKsPeDgjzdC36fs6bMjGApWDNLR9erAXMs5skhMv36j9MV5ecvfavji5khqjWaWSFhN3YcCUUdiKH6isR4Pwy3U5y5egddBr16m',
        /PRIVATE key/,
      ],
      ['a mistyped key', `${VPUB.slice(0, -1)}${VPUB.endsWith('a') ? 'b' : 'a'}`, /checksum/],
      ['a descriptor with a wrong checksum', `wpkh(${TPUB}/0/*)#aaaaaaaa`, /checksum/],
      ['a chain without wallets', 'x', /no watch-only wallets/],
      [
        'on an EVM network, a key below the account level',
        testEvmAccount().deriveChild(0).publicExtendedKey,
        /m\/44'\/60'\/0'/,
      ],
    ])('%s', async (_, key, message) => {
      const network = key === 'x' ? 'sol' : key.startsWith('xpub') ? 'eth' : 'ltc';
      const answer = await adminClient(gateway!)(
        'PUT',
        `/merchants/${gateway!.demoMerchant.merchantId}/wallets/${network}`,
        {
          body: { extended_public_key: key },
        },
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(message),
      });
    });
  });

  it('on EVM networks is one xpub set once, whose one run of indexes pays eth, its tokens and bsc alike', async () => {
    await gateway?.stop();
    const [eth, bsc] = [await AnvilNode.start(), await AnvilNode.start(56)];
    anvils.push(eth, bsc);
    gateway = await startTestGateway({
      env: {
        SANDBOX_ENABLED: 'false',
        ETH_RPC_URL: eth.url,
        ETH_CHAIN_ID: String(eth.chainId),
        BSC_RPC_URL: bsc.url,
      },
    });
    const merchantId = gateway.demoMerchant.merchantId;
    const evmAddresses = receiveAddresses(
      parseWatchOnlyWallet(testEvmAccountPublicKey(), 'evm', 'mainnet'),
      0,
      5,
    );
    const set = await adminClient(gateway)('PUT', `/merchants/${merchantId}/wallets/eth`, {
      body: { extended_public_key: testEvmAccountPublicKey() },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      network: 'evm',
      chain: 'evm',
      first_addresses: evmAddresses,
      takes_payments: true,
      paid_on: ['eth', 'bsc'],
      warnings: [],
    });

    const client = await readyClient(gateway);
    const created = [];
    for (const coin of ['eth', 'usdterc20', 'bnbbsc', 'usdcbsc'])
      created.push(await client.createPayment({ pay_currency: coin, price_amount: 100 }));
    expect(created.map((payment) => payment.pay_address)).toEqual(evmAddresses.slice(0, 4));

    // Only what a watcher follows: dai is on Ethereum, but no watcher reads its contract.
    const dai = await client.post('/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'dai',
    });
    expect(dai.status).toBe(400);
    expect(dai.text).toContain('cannot take payments');
    const listed = await client.get<{ currencies: string[] }>('/v1/currencies');
    expect(listed.body.currencies).toEqual(['eth', 'usdterc20', 'usdc', 'bnbbsc', 'usdtbsc', 'usdcbsc']);
  });
});
