'use strict';
// Ready = the server answers `ping` through the MongoDB driver. Usage:
//   node ferretdb-ready.js --url mongodb://127.0.0.1:27018/ --timeout 30 [--pid 1234]
const { requireFromPackage, waitUntilReady, parseArgs } = require('./wait');

const { MongoClient } = requireFromPackage('packages/store', 'mongodb');
const args = parseArgs(process.argv.slice(2));

waitUntilReady({
  engine: 'ferretdb',
  pid: args.pid ? Number(args.pid) : undefined,
  timeoutSeconds: Number(args.timeout),
  attempt: async () => {
    const client = new MongoClient(args.url, { serverSelectionTimeoutMS: 1000, connectTimeoutMS: 1000 });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
    } finally {
      await client.close().catch(() => undefined);
    }
  },
}).then(() => process.exit(0));
