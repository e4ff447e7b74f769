import { Script, p2pkh, p2wsh } from '@scure/btc-signer';
import { isRefundAddress } from '../src';
import { chainParameters } from '../src/wallets';

const regtest = { chains: { btc: 'regtest', ltc: 'regtest' } } as const;
const mainnet = { chains: { btc: 'mainnet', ltc: 'mainnet' } } as const;
const script = Script.encode([2, 'DROP', 'OP_1']);
const pubKey = new Uint8Array(33).fill(2);

describe('where a refund may be sent', () => {
  it("takes every standard address form of the chain the btc node follows, and no other chain's", () => {
    const segwitRegtest = p2wsh({ type: 'unknown', script }, chainParameters('btc', 'regtest')).address!;
    const legacyRegtest = p2pkh(pubKey, chainParameters('btc', 'regtest')).address!;
    const segwitMainnet = p2wsh({ type: 'unknown', script }, chainParameters('btc', 'mainnet')).address!;
    expect(isRefundAddress('btc', segwitRegtest, regtest)).toBe(true);
    expect(isRefundAddress('btc', legacyRegtest, regtest)).toBe(true);
    expect(isRefundAddress('btc', segwitMainnet, regtest)).toBe(false);
    expect(isRefundAddress('btc', segwitMainnet, mainnet)).toBe(true);
    expect(isRefundAddress('btc', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', mainnet)).toBe(true);
    expect(isRefundAddress('btc', 'not-an-address', mainnet)).toBe(false);
  });

  it('takes an EVM address (checksum kept) for an EVM token, and a Tron address for Tron', () => {
    expect(isRefundAddress('eth', '0x52908400098527886E0F7030069857D2E4169EE7', mainnet)).toBe(true);
    expect(isRefundAddress('eth', '0x52908400098527886E0F7030069857D2E4169Ee7', mainnet)).toBe(false);
    expect(isRefundAddress('eth', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', mainnet)).toBe(false);
    expect(isRefundAddress('trx', 'TDD97yguPESTpcrJMqU6h2ozZbibv4Vaqm', mainnet)).toBe(true);
  });
});
