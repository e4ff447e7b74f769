'use strict';
// Ready = the broker answers a metadata request. Usage:
//   node kafka-ready.js --brokers 127.0.0.1:19092 --timeout 90 [--pid 1234]
//     [--ca ca.pem --mechanism scram-sha-512 --username u --password p]   (a SASL_SSL listener)
const { readFileSync } = require('node:fs');
const { requireFromPackage, waitUntilReady, parseArgs } = require('./wait');

const { Kafka, logLevel } = requireFromPackage('packages/bus', 'kafkajs');
const args = parseArgs(process.argv.slice(2));

const kafka = new Kafka({
  clientId: 'infra-readiness',
  brokers: args.brokers.split(','),
  logLevel: logLevel.NOTHING,
  connectionTimeout: 1000,
  requestTimeout: 2000,
  retry: { retries: 0 },
  ...(args.ca ? { ssl: { ca: [readFileSync(args.ca, 'utf8')] } } : {}),
  ...(args.mechanism
    ? { sasl: { mechanism: args.mechanism, username: args.username, password: args.password } }
    : {}),
});

waitUntilReady({
  engine: 'kafka',
  pid: args.pid ? Number(args.pid) : undefined,
  timeoutSeconds: Number(args.timeout),
  attempt: async () => {
    const admin = kafka.admin();
    try {
      await admin.connect();
      await admin.listTopics();
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  },
}).then(() => process.exit(0));
