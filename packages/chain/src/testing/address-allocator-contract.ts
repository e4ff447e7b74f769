import { curatedNetworks } from '@gw/pricing';
import type { AddressAllocator } from '../address-allocator';
import { UnknownNetworkError } from '../errors';
import { toChecksumAddress } from '../formats/evm';
import { validateAddress } from '../validate-address';

export interface AddressAllocatorFixture {
  allocator: AddressAllocator;
  cleanup(): Promise<void>;
}

export type MakeAddressAllocator = () => Promise<AddressAllocatorFixture>;

const ALLOCATIONS_PER_NETWORK = 1000;
/** 1000 key generations take a few seconds on the slower formats of a busy CI machine. */
const GENERATION_TIMEOUT_MS = 60_000;

/** The form we issue on each network (validators also accept other forms, for payouts). */
export const issuedShape: Readonly<Record<string, RegExp>> = {
  btc: /^bc1q[02-9ac-hj-np-z]{38}$/,
  ltc: /^ltc1q[02-9ac-hj-np-z]{38}$/,
  dgb: /^dgb1q[02-9ac-hj-np-z]{38}$/,
  doge: /^D[1-9A-HJ-NP-Za-km-z]{33}$/,
  dash: /^X[1-9A-HJ-NP-Za-km-z]{33}$/,
  zec: /^t1[1-9A-HJ-NP-Za-km-z]{33}$/,
  bch: /^bitcoincash:q[02-9ac-hj-np-z]{41}$/,
  eth: /^0x[0-9a-fA-F]{40}$/,
  bsc: /^0x[0-9a-fA-F]{40}$/,
  matic: /^0x[0-9a-fA-F]{40}$/,
  avaxc: /^0x[0-9a-fA-F]{40}$/,
  arbitrum: /^0x[0-9a-fA-F]{40}$/,
  op: /^0x[0-9a-fA-F]{40}$/,
  base: /^0x[0-9a-fA-F]{40}$/,
  etc: /^0x[0-9a-fA-F]{40}$/,
  trx: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  sol: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  ton: /^UQ[A-Za-z0-9_-]{46}$/,
  xrp: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
  xmr: /^4[1-9A-HJ-NP-Za-km-z]{94}$/,
  ada: /^addr1v[02-9ac-hj-np-z]{52}$/,
  // Base58 of 35 bytes: 47 or 48 characters, fewer when the key's leading bytes are zero (one key in
  // 256 starts with a zero byte, written as a second '1'; 46 characters came up in a CI run).
  dot: /^1[1-9A-HJ-NP-Za-km-z]{40,47}$/,
  xlm: /^G[A-Z2-7]{55}$/,
  algo: /^[A-Z2-7]{58}$/,
  atom: /^cosmos1[02-9ac-hj-np-z]{38}$/,
  xtz: /^tz1[1-9A-HJ-NP-Za-km-z]{33}$/,
  near: /^[0-9a-f]{64}$/,
  sui: /^0x[0-9a-f]{64}$/,
};

/**
 * The specification every AddressAllocator adapter must meet (on the curated catalogue): addresses
 * never repeat, are valid on their network in the form we issue, however they are asked for.
 */
export function describeAddressAllocatorContract(name: string, makeAllocator: MakeAddressAllocator): void {
  describe(`AddressAllocator contract: ${name}`, () => {
    let fixture: AddressAllocatorFixture | undefined;
    const allocator = (): AddressAllocator => fixture!.allocator;

    beforeAll(async () => {
      fixture = await makeAllocator();
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    it('knows the issued shape of every catalogue network', () => {
      expect(Object.keys(issuedShape).sort()).toEqual(curatedNetworks.map((network) => network.code).sort());
    });

    describe.each(curatedNetworks.map((network) => network.code))('on %s', (network) => {
      it(
        `hands out ${ALLOCATIONS_PER_NETWORK} distinct, valid addresses of the issued shape`,
        async () => {
          const addresses = new Set<string>();
          for (let i = 0; i < ALLOCATIONS_PER_NETWORK; i++) {
            const payAddress = await allocator().allocate(network);
            expect(payAddress.extraId).toBeNull();
            addresses.add(payAddress.address);
          }
          expect(addresses.size).toBe(ALLOCATIONS_PER_NETWORK);
          for (const address of addresses) {
            expect(address).toMatch(issuedShape[network] ?? /^$/);
            expect(validateAddress(network, address)).toBe(true);
          }
        },
        GENERATION_TIMEOUT_MS,
      );
    });

    it('hands out distinct, valid addresses to concurrent allocations across networks', async () => {
      const networks = ['btc', 'eth', 'trx', 'sol', 'BTC', 'Eth'];
      const allocations = await Promise.all(
        Array.from({ length: 900 }, (_, i) => {
          const network = networks[i % networks.length]!;
          return allocator()
            .allocate(network)
            .then(({ address }) => ({ network, address }));
        }),
      );
      expect(new Set(allocations.map(({ address }) => address)).size).toBe(allocations.length);
      for (const { network, address } of allocations) expect(validateAddress(network, address)).toBe(true);
    });

    it('writes the EVM addresses it hands out with their EIP-55 checksum', async () => {
      const addresses = await Promise.all(Array.from({ length: 50 }, () => allocator().allocate('bsc')));
      for (const { address } of addresses) expect(address).toBe(toChecksumAddress(address));
      expect(addresses.some(({ address }) => /[a-f]/.test(address) && /[A-F]/.test(address))).toBe(true);
    });

    it('accepts network codes case-insensitively', async () => {
      await expect(allocator().allocate('BTC')).resolves.toMatchObject({
        address: expect.stringMatching(/^bc1q/),
      });
    });

    it('refuses an unknown network with UnknownNetworkError and keeps working', async () => {
      const refused = allocator().allocate('dogecoin-testnet');
      await expect(refused).rejects.toBeInstanceOf(UnknownNetworkError);
      await expect(refused).rejects.toMatchObject({
        code: 'UNKNOWN_NETWORK',
        network: 'dogecoin-testnet',
        message: 'Unknown network: dogecoin-testnet',
      });
      await expect(allocator().allocate('doge')).resolves.toMatchObject({
        address: expect.stringMatching(/^D/),
      });
    });
  });
}
