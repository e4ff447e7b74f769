import { parseWatchOnlyWallet, receiveAddress } from '@gw/chain';
import { testAccountPublicKey } from '@gw/chain/testing';
import {
  decideFromHistory,
  type AnyCommand,
  type AnyEvent,
  type ChainBlockRef,
  type MerchantWallet,
} from '@gw/domain';
import { loadConfig } from '@gw/platform';
import { InMemoryReadModelStore, type ReadModelDocument } from '@gw/store';
import { COLLECTIONS } from '@gw/views';
import {
  MerchantPayAddresses,
  NoPayingWalletError,
  type AddressHistory,
  type CommandClient,
  type PayAddressChain,
} from '../src';

const TIP: ChainBlockRef = { height: 500, hash: 'block-500' };
const config = loadConfig({
  SANDBOX_ENABLED: 'false',
  LTC_RPC_URL: 'http://127.0.0.1:1',
  LTC_CHAIN: 'regtest',
});
const key = parseWatchOnlyWallet(testAccountPublicKey(1, 'vpub'), 'ltc', 'regtest');
const addressAt = (index: number) => receiveAddress(key, index);

/** The wallet stream as payments keeps it: each command decided on its history, replies replayed by command id. */
function walletCommands() {
  const history: AnyEvent[] = [];
  const replies = new Map<string, number>();
  const sent: string[] = [];
  const send: Pick<CommandClient, 'send'>['send'] = async (streamId, merchantId, command, commandId) => {
    sent.push(command.type);
    const known = replies.get(commandId!);
    if (known === undefined) {
      history.push(...decideFromHistory(command as AnyCommand, history));
      replies.set(commandId!, history.length);
    }
    const version = replies.get(commandId!)!;
    return { ok: true, commandId: commandId!, streamId, version, eventTypes: [] };
  };
  return { send, history, sent };
}

async function addresses(chain: PayAddressChain | null) {
  const readModels = new InMemoryReadModelStore();
  const { extendedPublicKey, descriptor, keyId } = key;
  const wallet: MerchantWallet = {
    network: 'ltc',
    chainKind: 'regtest',
    extendedPublicKey,
    descriptor,
    keyId,
    setAt: '2026-01-01T00:00:00.000Z',
  };
  await readModels
    .collection<ReadModelDocument & { wallets: object }>(COLLECTIONS.merchants)
    .upsertIfNewer({ id: 'm1', version: 1, wallets: { ltc: wallet } });
  const commands = walletCommands();
  const source = new MerchantPayAddresses({
    readModels,
    commands,
    config,
    sandbox: { allocate: () => Promise.reject(new Error('the sandbox is off')) },
    chains: () => chain,
  });
  return { source, commands, readModels, wallet };
}

/** A node whose listed addresses already have history. */
const node = (used: Set<string>, asked: string[] = []): PayAddressChain => ({
  state: () => Promise.resolve({ tip: TIP }),
  addressHistory: (address): Promise<AddressHistory> => {
    asked.push(address);
    return Promise.resolve({ used: used.has(address), txHash: used.has(address) ? 'tx-old' : null });
  },
});

const request = (paymentId: number) => ({
  network: 'ltc',
  merchantId: 'm1',
  paymentId,
  now: '2026-01-01T10:00:00.000Z',
});

describe('handing out a pay address from a wallet with history', () => {
  it('hands out a clean address with the tip read before the check', async () => {
    const { source } = await addresses(node(new Set()));
    await expect(source.assign(request(1))).resolves.toMatchObject({
      address: addressAt(0),
      addressIndex: 0,
      chainTip: TIP,
    });
  });

  it('skips each used address, recording each skip, and gives the payment the first clean one', async () => {
    const { source, commands } = await addresses(node(new Set([addressAt(0), addressAt(1)])));
    await expect(source.assign(request(1))).resolves.toMatchObject({
      address: addressAt(2),
      addressIndex: 2,
    });
    expect(commands.history.map((event) => [event.type, (event.data as { index: number }).index])).toEqual([
      ['PayAddressAllocated', 0],
      ['UsedPayAddressSkipped', 1],
      ['UsedPayAddressSkipped', 2],
    ]);
    expect(commands.history[1]!.data).toMatchObject({
      skippedIndex: 0,
      skippedAddress: addressAt(0),
      txHash: 'tx-old',
    });
  });

  it('answers a retried create with the same address, skipping nothing twice', async () => {
    const { source, commands } = await addresses(node(new Set([addressAt(0)])));
    const first = await source.assign(request(1));
    const retried = await source.assign(request(1));
    expect(retried.address).toBe(first.address);
    expect(commands.history).toHaveLength(2);
  });

  it('never gives a static address the allocation of a payment that has the same number', async () => {
    const { source } = await addresses(node(new Set()));
    const payment = await source.assign(request(7));
    const staticAddress = await source.assign({ ...request(7), holder: 'static-address' });
    expect(staticAddress.address).not.toBe(payment.address);
    expect((await source.assign({ ...request(7), holder: 'static-address' })).address).toBe(
      staticAddress.address,
    );
  });

  it('refuses the payment when the node cannot be asked: an unchecked address could hold older money', async () => {
    const down: PayAddressChain = {
      state: () => Promise.reject(new Error('connect ECONNREFUSED')),
      addressHistory: () => Promise.reject(new Error('connect ECONNREFUSED')),
    };
    const { source, commands } = await addresses(down);
    await expect(source.assign(request(1))).rejects.toBeInstanceOf(NoPayingWalletError);
    expect(commands.sent).toEqual([]);
  });

  it('stops after a bounded number of used addresses in one create', async () => {
    const everyAddressUsed: PayAddressChain = {
      state: () => Promise.resolve({ tip: TIP }),
      addressHistory: () => Promise.resolve({ used: true, txHash: null }),
    };
    const { source, commands } = await addresses(everyAddressUsed);
    await expect(source.assign(request(1))).rejects.toThrow(/already used/);
    // Every skip is kept: the next create goes on from there.
    expect(commands.history.length).toBeGreaterThan(1);
  });
});

describe('the merchant a pay address is derived for', () => {
  async function countingReads() {
    const made = await addresses(node(new Set()));
    const merchants = made.readModels.collection<ReadModelDocument>(COLLECTIONS.merchants);
    const read: string[] = [];
    const get = merchants.get.bind(merchants);
    merchants.get = (id) => {
      read.push(id);
      return get(id);
    };
    return { ...made, read };
  }

  it('is the document the request was admitted with, not read again', async () => {
    const { source, read, wallet } = await countingReads();

    const assigned = await source.assign({
      ...request(1),
      merchant: { merchantId: 'm1', wallets: { ltc: wallet } },
    });

    expect(assigned).toMatchObject({ address: addressAt(0), addressIndex: 0 });
    expect(read).toEqual([]);
  });

  it('is read when the request brings none, or another merchant’s', async () => {
    const { source, read, wallet } = await countingReads();

    await source.assign(request(1));
    await source.assign({ ...request(2), merchant: { merchantId: 'm2', wallets: { ltc: wallet } } });

    expect(read).toEqual(['m1', 'm1']);
  });
});
