import type { StaticAddressTerms, StaticDeposit } from '../static-address/static-address';

/** A family B static address on btc held for order `top-up-7`, for tests; any field can be overridden. */
export function sampleStaticAddressTerms(overrides: Partial<StaticAddressTerms> = {}): StaticAddressTerms {
  return {
    staticAddressId: 5_105_640_311,
    uuid: '5e7a7c1d-0000-4000-8000-000000000001',
    merchantId: 'merchant-1',
    family: 'beta',
    network: 'btc',
    networkName: 'Bitcoin',
    payCurrencies: ['btc'],
    address: 'bcrt1qstatic',
    walletKeyId: '0123456789abcdef',
    addressIndex: 4,
    chainTip: { height: 120, hash: 'a'.repeat(64) },
    orderId: 'top-up-7',
    callbackUrl: 'https://shop.example/cb',
    email: null,
    description: 'Top-ups of customer 7',
    toCurrency: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The `n`th deposit of 0.001 BTC to the sample address. */
export function sampleStaticDeposit(n: number, overrides: Partial<StaticDeposit> = {}): StaticDeposit {
  const txHash = String(n).padStart(64, 'd');
  return {
    depositId: `btc:${txHash}:0`,
    txHash,
    outputIndex: 0,
    payCurrency: 'btc',
    amount: '0.001',
    ...overrides,
  };
}
