import { InMemoryCache } from '@gw/cache';
import { loadConfig, ManualClock } from '@gw/platform';
import { CuratedPriceFeed } from '@gw/rates';
import { PaymentRefused } from '@gw/domain';
import { InMemoryReadModelStore, type ReadModelDocument } from '@gw/store';
import { COLLECTIONS } from '@gw/views';
import {
  CachedRatesSource,
  MerchantPayAddresses,
  newPaymentTerms,
  refusedLater,
  SandboxPayAddresses,
  type PaymentIntake,
  type PaymentTermsSources,
} from '../src';

const intake = (payCurrency: string): PaymentIntake => ({
  merchantId: 'm1',
  family: 'v1',
  priceAmount: '10',
  priceCurrency: 'usd',
  payCurrency,
  payAmount: '0.001',
  orderId: null,
  orderDescription: null,
  callbackUrl: null,
  lifetimeSeconds: 3600,
});

async function sources(env: Record<string, string>): Promise<PaymentTermsSources> {
  return {
    rates: new CachedRatesSource(new InMemoryCache(), await new CuratedPriceFeed().snapshot()),
    addresses: new SandboxPayAddresses({ allocate: async () => ({ address: 'pay-address', extraId: null }) }),
    clock: new ManualClock(),
    config: loadConfig(env),
  };
}

describe('newPaymentTerms required confirmations', () => {
  it("keeps the catalogue's count for a network without an operator setting", async () => {
    const terms = await newPaymentTerms(await sources({ BTC_RPC_URL: 'http://127.0.0.1:1' }), intake('btc'));
    expect(terms.requiredConfirmations).toBe(2);
  });

  it("takes the operator's count for a watched network", async () => {
    const config = { LTC_RPC_URL: 'http://127.0.0.1:1', LTC_CONFIRMATIONS: '3' };
    expect((await newPaymentTerms(await sources(config), intake('ltc'))).requiredConfirmations).toBe(3);
    expect((await newPaymentTerms(await sources(config), intake('btc'))).requiredConfirmations).toBe(2);
  });
});

describe('newPaymentTerms when the wallet stopped paying after admission', () => {
  // The merchant's wallet was removed (or replaced by a key for another chain) between the admission
  // that let the create through and the address assignment: no address nobody can spend is handed out.
  const withoutWallet = async (): Promise<PaymentTermsSources> => {
    const base = await sources({
      SANDBOX_ENABLED: 'false',
      LTC_RPC_URL: 'http://127.0.0.1:1',
      LTC_CHAIN: 'regtest',
    });
    const readModels = new InMemoryReadModelStore();
    await readModels
      .collection<ReadModelDocument & { wallets: object }>(COLLECTIONS.merchants)
      .upsertIfNewer({ id: 'm1', version: 1, wallets: {} });
    const commands = { send: () => Promise.reject(new Error('no allocation without a wallet')) };
    return {
      ...base,
      addresses: new MerchantPayAddresses({
        readModels,
        commands,
        config: base.config,
        sandbox: { allocate: () => Promise.reject(new Error('the sandbox is off')) },
        chains: () => null,
      }),
    };
  };

  it('is refused as admission refuses a network the merchant cannot take money on', async () => {
    const refused = newPaymentTerms(await withoutWallet(), intake('ltc'));
    await expect(refused).rejects.toBeInstanceOf(PaymentRefused);
    await expect(refused).rejects.toMatchObject({
      refusal: { code: 'NETWORK_NOT_PAYABLE', role: 'pay', coin: { code: 'ltc' } },
    });
  });

  it("leaves an entry point as that entry point's own error, never a 500", async () => {
    const sourcesWithoutWallet = await withoutWallet();
    class FamilyError extends Error {}
    const answer = refusedLater(
      (refusal, message) => new FamilyError(`${refusal.code}: ${message}`),
      () => newPaymentTerms(sourcesWithoutWallet, intake('ltc')),
    );
    await expect(answer).rejects.toBeInstanceOf(FamilyError);
    await expect(answer).rejects.toThrow(/NETWORK_NOT_PAYABLE: ltc .* cannot take payments/);
  });
});
