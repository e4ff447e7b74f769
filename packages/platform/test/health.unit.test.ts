import express from 'express';
import { createHealth, degraded, type HealthOptions } from '../src';
import { captureLogger } from './support/log-capture';
import { startServer, stopStartedServers } from './support/servers';

afterEach(stopStartedServers);

async function healthServer(options: HealthOptions) {
  const health = createHealth(options);
  const app = express();
  app.use(health.router);
  const server = await startServer(app);
  const get = async (path: string) => {
    const response = await fetch(`${server.url()}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { health, get };
}

describe('liveness', () => {
  it('answers 200 whatever the dependencies say', async () => {
    const { get } = await healthServer({ checks: { mongodb: () => Promise.reject(new Error('down')) } });
    expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'alive' } });
  });
});

describe('readiness', () => {
  it('is ready when every check resolves', async () => {
    const { get } = await healthServer({
      checks: { mongodb: async () => undefined, kafka: async () => 'ok' },
    });
    const { status, body } = await get('/health/ready');
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      draining: false,
      checks: {
        mongodb: { status: 'up', durationMs: expect.any(Number) },
        kafka: { status: 'up', durationMs: expect.any(Number) },
      },
    });
  });

  it('stays ready with a degraded check, reporting its counts', async () => {
    const { get } = await healthServer({
      checks: { mongodb: async () => undefined, outbox: async () => degraded({ quarantinedCommits: 2 }) },
    });
    const { status, body } = await get('/health/ready');
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      draining: false,
      checks: {
        mongodb: { status: 'up', durationMs: expect.any(Number) },
        outbox: { status: 'degraded', durationMs: expect.any(Number), detail: { quarantinedCommits: 2 } },
      },
    });
  });

  it('is ready with no checks at all', async () => {
    const { get } = await healthServer({});
    expect((await get('/health/ready')).status).toBe(200);
  });

  it('answers 503 naming the failed check, logging the reason without returning it', async () => {
    const { logger, lines } = captureLogger();
    const { get } = await healthServer({
      logger,
      checks: {
        mongodb: async () => undefined,
        redis: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:6379')),
      },
    });
    const { status, body } = await get('/health/ready');
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: 'not_ready',
      checks: { mongodb: { status: 'up' }, redis: { status: 'down' } },
    });
    expect(JSON.stringify(body)).not.toContain('10.0.0.5');
    expect(lines).toContainEqual(expect.objectContaining({ check: 'redis', msg: 'readiness check failed' }));
  });

  it('counts a check that throws synchronously as down', async () => {
    const { health } = await healthServer({
      checks: {
        broken: () => {
          throw new Error('sync');
        },
      },
    });
    expect((await health.checkReadiness()).checks.broken?.status).toBe('down');
  });

  it('counts a check slower than the timeout as down, without waiting for it', async () => {
    const { get } = await healthServer({
      timeoutMs: 50,
      // Never settles: waiting for it would leave the request unanswered.
      checks: { kafka: () => new Promise(() => undefined) },
    });
    const { status, body } = await get('/health/ready');
    expect(status).toBe(503);
    expect(body).toMatchObject({ checks: { kafka: { status: 'down' } } });
  });

  it('runs checks in parallel', async () => {
    // Each check passes only once all three have started: run one after another, the first never would.
    let started = 0;
    const releases: Array<() => void> = [];
    const together = () =>
      new Promise<void>((resolve) => {
        releases.push(resolve);
        if (++started === 3) for (const release of releases) release();
      });
    const { get } = await healthServer({
      timeoutMs: 30_000,
      checks: { a: together, b: together, c: together },
    });
    expect((await get('/health/ready')).status).toBe(200);
  });

  it('includes checks added later', async () => {
    const { health, get } = await healthServer({});
    health.addCheck('store', () => Promise.reject(new Error('replaying')));
    expect((await get('/health/ready')).status).toBe(503);
  });

  it('fails once draining, so traffic moves away before the process stops', async () => {
    const { health, get } = await healthServer({ checks: { mongodb: async () => undefined } });
    health.markDraining();
    expect(await get('/health/ready')).toMatchObject({
      status: 503,
      body: { status: 'not_ready', draining: true },
    });
    expect((await get('/health/live')).status).toBe(200);
  });
});
