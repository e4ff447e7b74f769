'use strict';
// What the gateway needs from the document store, checked against FerretDB through the MongoDB
// driver. `required` checks are what the event store and read models rely on; `probe` checks
// record which MongoDB features this FerretDB lacks. Usage: node ferretdb-smoke.js <mongodb url>
const { randomUUID } = require('node:crypto');
const { requireFromPackage, createChecks, expect } = require('./check');

const { MongoClient } = requireFromPackage('packages/store', 'mongodb');
const checks = createChecks('ferretdb');

async function main() {
  const client = new MongoClient(process.argv[2], { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  const db = client.db(`infra_smoke_${randomUUID().slice(0, 8)}`);
  const commits = db.collection('commits');
  const payments = db.collection('payments');
  try {
    await checks.required('insert then find', async () => {
      await commits.insertOne({ streamId: 'pay_1', version: 1, events: [{ type: 'PaymentCreated' }] });
      const found = await commits.findOne({ streamId: 'pay_1' });
      expect(found?.events?.[0]?.type === 'PaymentCreated', 'document not found');
    });
    await checks.required('unique compound index rejects a duplicate (code 11000)', async () => {
      await commits.createIndex({ streamId: 1, version: 1 }, { unique: true, name: 'stream_version' });
      const duplicate = await commits.insertOne({ streamId: 'pay_1', version: 1 }).then(
        () => undefined,
        (error) => error,
      );
      expect(duplicate?.code === 11000, `expected E11000, got ${duplicate?.code ?? 'success'}`);
    });
    await checks.required('findOneAndUpdate with upsert', async () => {
      const result = await payments.findOneAndUpdate(
        { _id: 'pay_2' },
        { $set: { status: 'waiting' }, $setOnInsert: { createdAt: new Date() }, $inc: { version: 1 } },
        { upsert: true, returnDocument: 'after', includeResultMetadata: false },
      );
      expect(result?.status === 'waiting' && result.version === 1, `got ${JSON.stringify(result)}`);
    });
    await checks.required('updateOne with upsert and a version guard', async () => {
      const updated = await payments.updateOne(
        { _id: 'pay_2', version: 1 },
        { $set: { status: 'confirming' }, $inc: { version: 1 } },
      );
      expect(updated.modifiedCount === 1, `modified ${updated.modifiedCount}`);
    });
    await checks.required('countDocuments, $in, sort + skip + limit, projection', async () => {
      await payments.insertMany(
        Array.from({ length: 10 }, (_, i) => ({
          _id: `pay_list_${i}`,
          merchantId: 'm1',
          status: i % 2 ? 'finished' : 'waiting',
          createdAt: i,
        })),
      );
      const count = await payments.countDocuments({
        merchantId: 'm1',
        status: { $in: ['waiting', 'finished'] },
      });
      expect(count === 10, `count ${count}`);
      const page = await payments
        .find({ merchantId: 'm1' }, { projection: { _id: 1, createdAt: 1 } })
        .sort({ createdAt: -1 })
        .skip(2)
        .limit(3)
        .toArray();
      expect(page.map((p) => p.createdAt).join() === '7,6,5', `page ${JSON.stringify(page)}`);
    });
    await checks.required('write concern majority is accepted', async () => {
      await db.collection('outbox').insertOne({ _id: 'c1' }, { writeConcern: { w: 'majority', j: true } });
    });
    await checks.required('aggregate $match + $group + $sort', async () => {
      const groups = await payments
        .aggregate([
          { $match: { merchantId: 'm1' } },
          { $group: { _id: '$status', n: { $sum: 1 } } },
          { $sort: { _id: 1 } },
        ])
        .toArray();
      expect(groups.length === 2 && groups[0]?.n === 5, JSON.stringify(groups));
    });
    await checks.required('bulkWrite unordered upserts', async () => {
      const result = await payments.bulkWrite(
        [1, 2].map((i) => ({
          updateOne: { filter: { _id: `bulk_${i}` }, update: { $set: { i } }, upsert: true },
        })),
        { ordered: false },
      );
      expect(result.upsertedCount === 2, `upserted ${result.upsertedCount}`);
    });
    await checks.probe('explain on find names the index', async () => {
      await payments.createIndex({ merchantId: 1, createdAt: -1 }, { name: 'merchant_created' });
      const plan = await payments.find({ merchantId: 'm1' }).sort({ createdAt: -1 }).explain();
      const text = JSON.stringify(plan);
      expect(text.includes('merchant_created'), `no index in ${text.slice(0, 300)}`);
      return text.slice(0, 240);
    });
    await checks.probe('explain on find by _id reports filterPushdown', async () => {
      const plan = await payments.find({ _id: 'pay_2' }).explain();
      expect(plan.filterPushdown === true, `no filterPushdown in ${JSON.stringify(plan).slice(0, 300)}`);
      return JSON.stringify(plan.queryPlanner);
    });
    await checks.probe('listIndexes shows the unique flag', async () => {
      const indexes = await commits.listIndexes().toArray();
      const unique = indexes.find((index) => index.name === 'stream_version');
      expect(unique?.unique === true, JSON.stringify(indexes));
    });
    await checks.probe('partial unique index', async () => {
      await payments.createIndex(
        { orderId: 1 },
        { unique: true, partialFilterExpression: { orderId: { $exists: true } }, name: 'order_partial' },
      );
    });
    await checks.probe('TTL index', async () => {
      await db.collection('leases').createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    });
    await checks.probe('sparse index', async () => {
      await payments.createIndex({ invoiceId: 1 }, { sparse: true, name: 'invoice_sparse' });
    });
    await checks.probe('distinct', async () => {
      const statuses = await payments.distinct('status', { merchantId: 'm1' });
      expect(statuses.length === 2, JSON.stringify(statuses));
    });
    await checks.probe('$push with $slice, $addToSet', async () => {
      await payments.updateOne(
        { _id: 'pay_2' },
        { $push: { history: { $each: ['a', 'b'], $slice: -5 } }, $addToSet: { tags: 'x' } },
      );
    });
    await checks.probe('arrayFilters', async () => {
      await payments.updateOne(
        { _id: 'pay_2' },
        { $set: { 'history.$[h]': 'c' } },
        { arrayFilters: [{ h: 'a' }] },
      );
    });
    await checks.probe('$expr in a find', async () => {
      await payments.find({ $expr: { $gt: ['$createdAt', 5] } }).toArray();
    });
    await checks.probe('aggregate $lookup', async () => {
      await payments
        .aggregate([{ $lookup: { from: 'commits', localField: '_id', foreignField: 'streamId', as: 'c' } }])
        .toArray();
    });
    await checks.probe('aggregate $facet', async () => {
      await payments.aggregate([{ $facet: { total: [{ $count: 'n' }] } }]).toArray();
    });
    await checks.probe('collation', async () => {
      await payments.find({ status: 'WAITING' }).collation({ locale: 'en', strength: 2 }).toArray();
    });
    await checks.probe('multi-document transaction', async () => {
      const session = client.startSession();
      try {
        await session.withTransaction(async () => {
          await payments.insertOne({ _id: 'tx_1' }, { session });
        });
      } finally {
        await session.endSession();
      }
    });
    await checks.probe('change stream', async () => {
      const stream = payments.watch();
      try {
        await Promise.race([
          stream.tryNext(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('no answer in 3 s')), 3000)),
        ]);
      } finally {
        await stream.close();
      }
    });
  } finally {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
  checks.finish();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
