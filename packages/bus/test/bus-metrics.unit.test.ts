import { busMetrics, InProcessBus, namespacedBus } from '../src';

describe('busMetrics', () => {
  let bus: InProcessBus;
  afterEach(() => bus?.close());

  it('counts the messages dead-lettered, by original topic, without the namespace prefix', async () => {
    bus = new InProcessBus();
    const namespaced = namespacedBus(bus, 'staging.');
    let deadLettered!: () => void;
    const landed = new Promise<void>((resolve) => (deadLettered = resolve));
    await namespaced.subscribe({ topics: ['orders.dlq'], groupId: 'watch', fromBeginning: true }, async () =>
      deadLettered(),
    );
    await namespaced.subscribe(
      { topics: ['orders'], groupId: 'shipping', fromBeginning: true, maxAttempts: 1 },
      async () => {
        throw new Error('cannot ship');
      },
    );

    await namespaced.publish('orders', [{ key: 'order-1', value: { id: 1 } }]);
    await landed;

    expect(await busMetrics(namespaced).metrics()).toContain('bus_dead_letters_total{topic="orders"} 1');
    expect(await busMetrics(bus).metrics()).toContain('bus_dead_letters_total{topic="staging.orders"} 1');
  });

  it('reports no dead letters before any', async () => {
    bus = new InProcessBus();
    expect(await busMetrics(bus).metrics()).not.toMatch(/^bus_dead_letters_total\{/m);
  });
});
