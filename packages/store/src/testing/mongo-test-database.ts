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
