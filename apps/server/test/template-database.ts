import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { seedBaseMerchant } from './fixtures/base-merchant.js';

/** Runs one statement on the admin connection (CREATE and DROP DATABASE cannot run in a transaction). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same server as `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database name; random, so that runs sharing one external server do not collide. */
export function newDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/**
 * Migrates and seeds the base merchant once per run, into a database that every test file's
 * database then copies (`CREATE DATABASE ... TEMPLATE`, a file copy): running the migrations
 * once per file cost most of the medium tests' time. Its pool is closed before it answers,
 * because PostgreSQL copies a template only while nobody is connected to it.
 */
export async function createTemplateDatabase(adminUrl: string): Promise<string> {
  const name = newDatabaseName('test_template');
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const db = createDatabase(databaseUrl(adminUrl, name));
  try {
    await migrateToLatest(db);
    await seedBaseMerchant(db);
  } finally {
    await db.destroy();
  }
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
