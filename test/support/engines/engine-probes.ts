import { connect } from 'node:net';
import Redis from 'ioredis';
import { Kafka } from 'kafkajs';
import { kafkaClientConfig } from '../../../packages/bus/src/kafka/kafka-client';
import type { EngineUrls, RestartableEngine } from './engines-env';

/** Whether every engine accepts a TCP connection: enough to tell running engines from stopped ones. */
export async function enginesAnswer(urls: EngineUrls, timeoutMs = 1_000): Promise<boolean> {
  const addresses = [
    ...urls.kafkaBrokers.split(',').map((broker) => hostAndPort(`kafka://${broker}`, 9092)),
    hostAndPort(urls.mongodbUrl, 27017),
    hostAndPort(urls.redisUrl, 6379),
  ];
  const answers = await Promise.all(addresses.map((address) => accepts(address, timeoutMs)));
  return answers.every(Boolean);
}

/**
 * Waits until a restarted engine serves requests again, not merely listens: Kafka answers a metadata
 * request, Redis a PING (as scripts/infra waits).
 */
export async function waitUntilServing(engine: RestartableEngine, urls: EngineUrls, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const serves = engine === 'kafka' ? () => kafkaServes(urls.kafkaBrokers) : () => redisServes(urls.redisUrl);
  while (!(await serves().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${engine} did not serve again within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function kafkaServes(brokers: string): Promise<boolean> {
  const admin = new Kafka({
    ...kafkaClientConfig({ brokers: brokers.split(','), clientId: 'engines-probe' }),
    retry: { retries: 0 },
  }).admin();
  // Connect inside the try: a probe that fails to connect while Kafka restarts must still disconnect,
  // or its client lingers in this process.
  try {
    await admin.connect();
    await admin.listTopics();
    return true;
  } finally {
    await admin.disconnect();
  }
}

async function redisServes(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } finally {
    redis.disconnect();
  }
}

function hostAndPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: parsed.port === '' ? defaultPort : Number(parsed.port) };
}

function accepts(address: { host: string; port: number }, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(address);
    const settle = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => settle(false));
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
  });
}
