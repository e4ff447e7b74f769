import { InProcessBus, SchemaValidatingJsonCodec, type IncomingMessage } from '@gw/bus';
import { TOPICS, TOPIC_SCHEMAS, type DepositMessage } from '@gw/contracts';
import { ManualClock } from '@gw/platform';
import { InMemoryReadModelStore } from '@gw/store';
import { SandboxError } from '../src/sandbox/errors';
import { SandboxLedger } from '../src/sandbox/ledger';
import { SandboxChain, type Broadcast } from '../src/sandbox/sandbox-chain';

const TX = '0x' + 'ab'.repeat(32);
const broadcast = (overrides: Partial<Broadcast> = {}): Broadcast => ({
  target: {
    paymentId: 5077125051,
    merchantId: 'merchant-1',
    payAddress: '0xaAfcaFAfa56319393AC397438678F43A1dcd9c75',
    payNetwork: 'eth',
  },
  txHash: TX,
  amount: '0.03',
  fromAddress: null,
  confirmations: 0,
  source: 'tester',
  ...overrides,
});

async function setup() {
  const bus = new InProcessBus({ codec: new SchemaValidatingJsonCodec(TOPIC_SCHEMAS) });
  const reported: IncomingMessage[] = [];
  await bus.subscribe(
    { topics: [TOPICS.deposits], groupId: 'test', fromBeginning: true },
    async (message) => {
      reported.push(message);
    },
  );
  const ledger = new SandboxLedger(new InMemoryReadModelStore());
  const clock = new ManualClock('2026-01-01T10:00:00.000Z');
  const chain = new SandboxChain(bus, ledger, clock);
  const deposits = async (count: number) => {
    const deadline = Date.now() + 2_000;
    while (reported.length < count && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    return reported.map((message) => ({ key: message.key, deposit: message.value as DepositMessage }));
  };
  return { bus, chain, ledger, clock, deposits };
}

describe('SandboxChain', () => {
  it('records a transaction and reports it on chain.deposits, keyed by pay address', async () => {
    const { bus, chain, ledger, deposits } = await setup();
    const transaction = await chain.broadcast(
      broadcast({ fromAddress: '0x1111111111111111111111111111111111111111' }),
    );
    expect(await ledger.byTxHash(TX)).toEqual(transaction);
    expect(await deposits(1)).toEqual([
      {
        key: '0xaAfcaFAfa56319393AC397438678F43A1dcd9c75',
        deposit: {
          payAddress: '0xaAfcaFAfa56319393AC397438678F43A1dcd9c75',
          network: 'eth',
          paymentId: 5077125051,
          merchantId: 'merchant-1',
          txHash: TX,
          amount: '0.03',
          fromAddress: '0x1111111111111111111111111111111111111111',
          confirmations: 0,
          observedAt: '2026-01-01T10:00:00.000Z',
        },
      },
    ]);
    await bus.close();
  });

  it('reports the same transaction again with its new confirmation count', async () => {
    const { bus, chain, ledger, clock, deposits } = await setup();
    await chain.broadcast(broadcast());
    clock.advance(60_000);
    await chain.confirm(TX, 3);
    const reported = await deposits(2);
    expect(reported.map((r) => [r.deposit.txHash, r.deposit.confirmations, r.deposit.observedAt])).toEqual([
      [TX, 0, '2026-01-01T10:00:00.000Z'],
      [TX, 3, '2026-01-01T10:01:00.000Z'],
    ]);
    expect(await ledger.byTxHash(TX)).toMatchObject({
      confirmations: 3,
      broadcastAt: '2026-01-01T10:00:00.000Z',
    });
    await bus.close();
  });

  it('treats a repeated broadcast of the same transaction as a re-report, never lowering confirmations', async () => {
    const { bus, chain, deposits } = await setup();
    await chain.broadcast(broadcast({ confirmations: 2 }));
    const again = await chain.broadcast(broadcast({ amount: '0.030', confirmations: 0 }));
    expect(again.confirmations).toBe(2);
    expect((await deposits(2)).map((r) => r.deposit.confirmations)).toEqual([2, 2]);
    await bus.close();
  });

  it('refuses a known hash for another payment or amount, an unknown hash, and falling confirmations', async () => {
    const { bus, chain } = await setup();
    await chain.broadcast(broadcast({ confirmations: 2 }));
    await expect(chain.broadcast(broadcast({ amount: '0.04' }))).rejects.toMatchObject({ status: 409 });
    await expect(
      chain.broadcast(broadcast({ target: { ...broadcast().target, paymentId: 1 } })),
    ).rejects.toMatchObject({ status: 409 });
    await expect(chain.confirm('0x' + 'cd'.repeat(32), 1)).rejects.toMatchObject({ status: 404 });
    await expect(chain.confirm(TX, 1)).rejects.toBeInstanceOf(SandboxError);
    await bus.close();
  });
});
