import { loadConfig } from '@gw/platform';
import { MongoClient } from 'mongodb';
import { InsertBatcher } from '../src/mongo/insert-batcher';
import { dropMongoDatabase, randomDatabaseName } from '../src/testing';

/** The group-commit insert of the MongoDB adapters, on whichever server the engines run. */
const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const url = config.engines.mongodbUrl;

describe('InsertBatcher', () => {
  const database = randomDatabaseName('insert_batcher');
  const client = new MongoClient(url);
  type Doc = { _id: string; key: string };

  beforeAll(() => client.connect());
  afterAll(async () => {
    await client.close();
    await dropMongoDatabase(url, database);
  });

  it('answers each concurrent insert on its own: inserted, or duplicate on _id or a unique index', async () => {
    const collection = client.db(database).collection<Doc>('docs');
    await collection.createIndex({ key: 1 }, { unique: true });
    await collection.insertOne({ _id: 'taken', key: 'k-taken' });
    const batcher = new InsertBatcher(collection);
    const insertMany = jest.spyOn(collection, 'insertMany');

    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => batcher.insert({ _id: `d${i}`, key: `k${i}` })),
      batcher.insert({ _id: 'taken', key: 'k-new' }),
      batcher.insert({ _id: 'other', key: 'k-taken' }),
      batcher.insert({ _id: 'd3', key: 'k-again' }),
    ]);

    expect(results).toEqual([...Array(20).fill('inserted'), 'duplicate', 'duplicate', 'duplicate']);
    expect(insertMany).toHaveBeenCalledTimes(1);
    expect(await collection.countDocuments({})).toBe(21);
    expect(await collection.findOne({ _id: 'd3' })).toEqual({ _id: 'd3', key: 'k3' });
  });

  it('sends a lone insert at once and gathers what arrives meanwhile into the next batch', async () => {
    const collection = client.db(database).collection<Doc>('lone');
    const batcher = new InsertBatcher(collection);
    const insertOne = jest.spyOn(collection, 'insertOne');
    const insertMany = jest.spyOn(collection, 'insertMany');

    const first = batcher.insert({ _id: 'a', key: 'a' });
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    const rest = ['b', 'c', 'd'].map((id) => batcher.insert({ _id: id, key: id }));

    expect(await Promise.all([first, ...rest])).toEqual(Array(4).fill('inserted'));
    expect(insertOne).toHaveBeenCalledTimes(1);
    expect(insertMany).toHaveBeenCalledTimes(1);
    expect(insertMany.mock.calls[0]![0]).toHaveLength(3);
  });
});
