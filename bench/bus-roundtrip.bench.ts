/**
 * The embedded bus's cost per message, alone: one value published and delivered to five consumer groups
 * (as a payment event reaches the projector, notifier, metrics and the others in `gateway start`),
 * through the codec the embedded gateway uses, on a topic without a schema so that only the bus and
 * the codec's copy or JSON round trip are measured. Reports the CPU time of this process per message.
 * Run: `npx tsx bench/bus-roundtrip.bench.ts [--rounds 5] [--messages 10000]`. Prints one JSON object.
 */
import { parseArgs } from 'node:util';
import { InProcessBus, SchemaValidatingJsonCodec } from '../packages/bus/src';

const GROUPS = 5;
const TOPIC = 'bench.events';

/** The shape and size of a V1 payment event: ids, amounts as strings, a nested price snapshot. */
const SAMPLE = {
  type: 'PaymentCreated',
  paymentId: '5077125051',
  version: 1,
  occurredAt: '2025-06-01T10:00:01.000Z',
  merchantId: 'm-1',
  data: {
    payment_id: '5077125051',
    payment_status: 'waiting',
    pay_address: 'bcrt1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    price_amount: '100',
    price_currency: 'usd',
    pay_amount: '0.0010959',
    pay_currency: 'btc',
    order_id: 'golden-v1-paid',
    order_description: 'Golden lifecycle',
    ipn_callback_url: 'http://127.0.0.1:3000/v1/paid',
    purchase_id: '6084744717',
    payin_extra_id: null,
    amount_received: '0',
    network: 'btc',
    expiration_estimate_date: '2025-06-02T10:00:01.000Z',
    is_fixed_rate: false,
    is_fee_paid_by_user: false,
    type: 'crypto2crypto',
    is_test: true,
    prices: {
      snapshotId: 's-1',
      rates: [
        { coin: 'btc', usd: '91250.12' },
        { coin: 'ltc', usd: '88.1' },
      ],
    },
    admission: { minAmount: '0.0001', maxAmount: '5', discount: '0', feeShare: '0' },
  },
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '5' }, messages: { type: 'string', default: '10000' } },
  });
  const rounds = Number(values.rounds);
  const messages = Number(values.messages);
  const bus = new InProcessBus({ codec: new SchemaValidatingJsonCodec({}), retentionPerPartition: 1_000 });
  let delivered = 0;
  let waiting: { count: number; resolve: () => void } | undefined;
  for (let group = 0; group < GROUPS; group++) {
    await bus.subscribe({ topics: [TOPIC], groupId: `group-${group}` }, async () => {
      delivered++;
      if (waiting && delivered >= waiting.count) waiting.resolve();
    });
  }
  const round = async (count: number): Promise<number> => {
    const payloads = Array.from({ length: count }, () => structuredClone(SAMPLE));
    delivered = 0;
    const all = new Promise<void>((resolve) => (waiting = { count: count * GROUPS, resolve }));
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      await bus.publish(TOPIC, [{ key: `payment-${i % 64}`, value: payloads[i] }]);
    }
    await all;
    const cpu = process.cpuUsage(start);
    return (cpu.user + cpu.system) / count;
  };
  await round(Math.min(3_000, messages)); // warm-up
  const perMessage: number[] = [];
  for (let r = 0; r < rounds; r++) perMessage.push(await round(messages));
  await bus.close();
  const sorted = [...perMessage].sort((a, b) => a - b);
  const round1 = (x: number) => Math.round(x * 10) / 10;
  process.stdout.write(
    `${JSON.stringify({
      groups: GROUPS,
      messagesPerRound: messages,
      cpuMicrosecondsPerMessage: {
        median: round1(sorted[Math.floor(sorted.length / 2)]!),
        rounds: perMessage.map(round1),
      },
    })}\n`,
  );
}

void main();
