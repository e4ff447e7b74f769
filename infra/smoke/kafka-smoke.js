'use strict';
// Produces to and consumes from a fresh topic through kafkajs. Usage: node kafka-smoke.js 127.0.0.1:19092
const { randomUUID } = require('node:crypto');
const { requireFromPackage, createChecks, expect } = require('./check');

const { Kafka, logLevel } = requireFromPackage('packages/bus', 'kafkajs');
const checks = createChecks('kafka   ');
const kafka = new Kafka({
  clientId: 'infra-smoke',
  brokers: process.argv[2].split(','),
  logLevel: logLevel.NOTHING,
});
const topic = `infra-smoke-${randomUUID()}`;

async function main() {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await checks.required('create a topic with 3 partitions', async () => {
      expect(
        await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true }),
        'not created',
      );
    });
    await checks.required('idempotent produce, then consume in a group', async () => {
      const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      const consumer = kafka.consumer({ groupId: `${topic}-group` });
      const started = Date.now();
      try {
        await producer.connect();
        await producer.send({ topic, acks: -1, messages: [{ key: 'pay_1', value: 'PaymentCreated' }] });
        await consumer.connect();
        await consumer.subscribe({ topic, fromBeginning: true });
        const received = await new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no message within 30 s')), 30_000);
          consumer.run({
            eachMessage: async ({ message }) => {
              clearTimeout(timer);
              resolve(`${message.key}=${message.value}`);
            },
          });
        });
        expect(received === 'pay_1=PaymentCreated', `got ${received}`);
        return `round trip ${Date.now() - started} ms`;
      } finally {
        await consumer.disconnect();
        await producer.disconnect();
      }
    });
    await checks.probe('transactional produce', async () => {
      const producer = kafka.producer({
        transactionalId: `${topic}-tx`,
        idempotent: true,
        maxInFlightRequests: 1,
      });
      await producer.connect();
      try {
        const transaction = await producer.transaction();
        await transaction.send({ topic, messages: [{ key: 'pay_2', value: 'PaymentExpired' }] });
        await transaction.commit();
      } finally {
        await producer.disconnect();
      }
    });
  } finally {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  }
  checks.finish();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
