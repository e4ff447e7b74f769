import { MongoClient, MongoServerError, type Collection, type Db, type Document } from 'mongodb';
import { commandMonitoring, traceMongoCommands } from './mongo-command-spans';

export interface MongoStoreOptions {
  /** A MongoDB connection string, e.g. `mongodb://127.0.0.1:27017/?retryWrites=false`. */
  url: string;
  database: string;
}

/** Which server answers: FerretDB 1.24 needs a few emulations (see packages/store/README.md). */
export type MongoEngine = 'mongodb' | 'ferretdb';

export interface MongoConnection {
  client: MongoClient;
  db: Db;
  engine: MongoEngine;
}

/** The server's error code for a write that collides on `_id` or a unique index. */
export const DUPLICATE_KEY = 11000;

/**
 * `ignoreUndefined` drops undefined fields instead of storing null, so a document reads back as the
 * embedded adapters return it. Its commands are traced when tracing is on (mongo-command-spans.ts).
 */
export async function connectMongo(options: MongoStoreOptions): Promise<MongoConnection> {
  const client = new MongoClient(options.url, { ignoreUndefined: true, ...commandMonitoring() });
  traceMongoCommands(client);
  await client.connect();
  try {
    const db = client.db(options.database);
    const buildInfo = await db.admin().command({ buildInfo: 1 });
    return { client, db, engine: 'ferretdbVersion' in buildInfo ? 'ferretdb' : 'mongodb' };
  } catch (error) {
    await client.close();
    throw error;
  }
}

export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}

/**
 * A unique index that existing documents violate: MongoDB says E11000; FerretDB 1.24 passes
 * PostgreSQL's unique violation on as an internal error (code 1), e.g. `ERROR: could not create unique
 * index "c_e60c2c52_k___b473697a_idx" (SQLSTATE 23505)`.
 */
export function isUniqueIndexBuildError(error: unknown): boolean {
  return (
    isDuplicateKeyError(error) ||
    (error instanceof MongoServerError &&
      /could not create unique index .*\(SQLSTATE 23505\)/.test(error.message))
  );
}

export interface IndexDeclaration {
  key: [field: string, direction: 1 | -1][];
  unique?: boolean;
}

/**
 * One at a time: FerretDB 1.24 drops the connection when a multi-index createIndexes names indexes that
 * already exist (every start after the first).
 */
export async function createIndexes<T extends Document>(
  collection: Collection<T>,
  indexes: IndexDeclaration[],
): Promise<void> {
  for (const index of indexes) {
    await collection.createIndex(index.key, index.unique ? { unique: true } : {});
  }
}
