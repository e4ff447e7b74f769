'use strict';
// SET/GET through ioredis. Usage: node redis-smoke.js redis://127.0.0.1:16379 [write|read] [key]
// `write` leaves a key behind and `read` expects it, so a restart can sit in between.
const { requireFromPackage, createChecks, expect } = require('./check');

const Redis = requireFromPackage('packages/cache', 'ioredis');
const checks = createChecks('redis   ');
const [url, mode = 'roundtrip', key = 'infra-smoke:idempotency:pay_1'] = process.argv.slice(2);

async function main() {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  try {
    if (mode === 'roundtrip' || mode === 'write') {
      await checks.required('SET then GET', async () => {
        await redis.set(key, 'reply-1', 'EX', 600);
        expect((await redis.get(key)) === 'reply-1', 'value differs');
      });
    }
    if (mode === 'read') {
      await checks.required('key written before the restart is still there', async () => {
        expect((await redis.get(key)) === 'reply-1', 'key lost');
      });
    }
    if (mode !== 'write') await redis.del(key);
  } finally {
    redis.disconnect();
  }
  checks.finish();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
