import { createHash } from 'node:crypto';

/** The previous hash of a merchant's first chained entry. */
export const AUDIT_GENESIS_HASH = Buffer.alloc(32);

/** The fields of an entry that its hash covers, as they read back from the database. */
export interface ChainedFields {
  merchantCode: string;
  operatorId: string | null;
  operatorUsername: string | null;
  operatorRole: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  /** The address as PostgreSQL prints it (`host(ip)`), so that both sides spell it alike. */
  ip: string | null;
  createdAtMs: number;
}

/** JSON with object keys sorted at every level: one spelling per value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
}

/**
 * SHA-256 over the previous entry's hash and the canonical encoding of this entry's fields (a
 * JSON array in a fixed order): changing any field, or the entry before, changes the hash.
 */
export function auditEntryHash(previousHash: Buffer, fields: ChainedFields): Buffer {
  const encoded = canonicalJson([
    fields.merchantCode,
    fields.operatorId,
    fields.operatorUsername,
    fields.operatorRole,
    fields.action,
    fields.subjectType,
    fields.subjectId,
    fields.before ?? null,
    fields.after ?? null,
    fields.ip,
    fields.createdAtMs,
  ]);
  return createHash('sha256').update(previousHash).update(encoded, 'utf8').digest();
}
