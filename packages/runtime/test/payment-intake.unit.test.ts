import { InMemoryCache } from '@gw/cache';
import { loadConfig, ManualClock } from '@gw/platform';
import { CuratedPriceFeed } from '@gw/rates';
import {
  CachedRatesSource,
  newPaymentTerms,
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
