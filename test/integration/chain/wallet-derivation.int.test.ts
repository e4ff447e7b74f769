import { parseWatchOnlyWallet, receiveAddresses } from '@gw/chain';
import { testAccountPublicKey } from '@gw/chain/testing';
import { RegtestNode } from '../../support/chain/regtest-node';

/** The gateway's receive addresses are the ones litecoind itself derives from the merchant's key. */
describe("a merchant wallet's addresses against litecoind's own derivation", () => {
  let node: RegtestNode;

  beforeAll(async () => {
    node = await RegtestNode.start('ltc');
  }, 120_000);

  afterAll(async () => {
    await node?.destroy();
  });

  it.each([
    ['a vpub', testAccountPublicKey(1, 'vpub')],
    ['a tpub descriptor', `wpkh(${testAccountPublicKey(1, 'tpub')}/0/*)`],
  ])('from %s: the same checksum and the same first 20 addresses', async (_, pasted) => {
    const wallet = parseWatchOnlyWallet(pasted, 'ltc', 'regtest');
    const info = await node.call<{ descriptor: string; checksum: string }>('getdescriptorinfo', [
      wallet.descriptor.split('#')[0],
    ]);
    expect(`#${info.checksum}`).toBe(wallet.descriptor.slice(wallet.descriptor.indexOf('#')));
    const derived = await node.call<string[]>('deriveaddresses', [wallet.descriptor, [0, 19]]);
    expect(receiveAddresses(wallet, 0, 20)).toEqual(derived);
  });
});
