import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';

/** A database name no other test run uses. */
export function randomDatabaseName(label: string): string {
  return `test_${label}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

export async function dropMongoDatabase(url: string, database: string): Promise<void> {
  const client = new MongoClient(url);
  try {
    await client.connect();
    await client.db(database).dropDatabase();
  } finally {
    await client.close();
  }
}

/**
 * Inserts documents as they are, past the read-model port (no version check, one round trip): for tests
 * that need a collection to hold many documents, such as a query planner's choice of an index.
 */
export async function insertRawDocuments(
  url: string,
  database: string,
  collection: string,
  documents: Record<string, unknown>[],
): Promise<void> {
  const client = new MongoClient(url);
  try {
    await client.connect();
    await client.db(database).collection(collection).insertMany(documents, { ordered: false });
  } finally {
    await client.close();
  }
}
