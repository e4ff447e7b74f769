import { EventEmitter } from 'node:events';
import { onShutdown, type ShutdownOptions } from '../src';
import { captureLogger } from './support/log-capture';

function harness(overrides: Partial<ShutdownOptions> = {}) {
  const source = new EventEmitter();
  const exit = jest.fn<void, [number]>();
  const { logger, lines } = captureLogger();
  const order: string[] = [];
  const stopper = (name: string) => ({
    name,
    stop: async () => {
      order.push(name);
    },
  });
  return { source, exit, logger, lines, order, stopper, options: { logger, source, exit, ...overrides } };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function untilExited(exit: jest.Mock): Promise<void> {
  for (let attempt = 0; attempt < 100 && exit.mock.calls.length === 0; attempt++) await tick();
}

describe('onShutdown', () => {
  it('stops in reverse order of registration on SIGTERM, then exits 0', async () => {
    const h = harness();
    const shutdown = onShutdown([h.stopper('bus'), h.stopper('store')], h.options);
    shutdown.register(h.stopper('http'));
    h.source.emit('SIGTERM');
    await untilExited(h.exit);
    expect(h.order).toEqual(['http', 'store', 'bus']);
    expect(h.exit).toHaveBeenCalledWith(0);
    expect(h.lines.filter((line) => line.msg === 'stopped').map((line) => line.component)).toEqual([
      'http',
      'store',
      'bus',
    ]);
  });

  it('runs once however many signals arrive', async () => {
    const h = harness();
    const shutdown = onShutdown([h.stopper('http')], h.options);
    h.source.emit('SIGINT');
    h.source.emit('SIGTERM');
    h.source.emit('SIGINT');
    await shutdown.run('test');
    expect(h.order).toEqual(['http']);
    expect(h.exit).toHaveBeenCalledTimes(1);
    expect(h.lines.some((line) => line.msg === 'already shutting down')).toBe(true);
  });

  it('keeps stopping the rest when one stop function fails, and exits 1', async () => {
    const h = harness();
    const shutdown = onShutdown(
      [
        h.stopper('bus'),
        {
          name: 'store',
          stop: () => {
            throw new Error('flush failed');
          },
        },
        h.stopper('http'),
      ],
      h.options,
    );
    expect(await shutdown.run('test')).toBe(1);
    expect(h.order).toEqual(['http', 'bus']);
    expect(h.exit).toHaveBeenCalledWith(1);
    expect(h.lines).toContainEqual(
      expect.objectContaining({ component: 'store', msg: 'failed to stop cleanly' }),
    );
  });

  it('exits 1 at the deadline when a stop function hangs', async () => {
    const h = harness({ deadlineMs: 50 });
    const shutdown = onShutdown(
      [h.stopper('bus'), { name: 'stuck', stop: () => new Promise<void>(() => undefined) }],
      h.options,
    );
    const started = Date.now();
    expect(await shutdown.run('test')).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(h.exit).toHaveBeenCalledWith(1);
    expect(h.order).toEqual([]);
  });

  it('stops listening after shutting down and on dispose', async () => {
    const h = harness();
    const shutdown = onShutdown([], h.options);
    expect(h.source.listenerCount('SIGINT')).toBe(1);
    expect(h.source.listenerCount('SIGTERM')).toBe(1);
    await shutdown.run('test');
    expect(h.source.listenerCount('SIGINT')).toBe(0);

    const other = harness();
    onShutdown([], other.options).dispose();
    expect(other.source.listenerCount('SIGTERM')).toBe(0);
    other.source.emit('SIGTERM');
    expect(other.exit).not.toHaveBeenCalled();
  });

  it('listens only to the signals it was given', async () => {
    const h = harness({ signals: ['SIGHUP'] });
    onShutdown([h.stopper('http')], h.options);
    h.source.emit('SIGTERM');
    await tick();
    expect(h.exit).not.toHaveBeenCalled();
    h.source.emit('SIGHUP');
    await untilExited(h.exit);
    expect(h.exit).toHaveBeenCalledWith(0);
  });
});
