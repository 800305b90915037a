import { describe, expect, it } from 'vitest';
import { tableReferences } from './table-references.js';

const known = new Set(['members', 'sessions', 'ledger_transfers', 'games']);

describe('tableReferences', () => {
  it('finds Kysely builder calls, aliases and joins', () => {
    const source = `
      db.selectFrom('members as m').innerJoin('sessions as s', 's.member_id', 'm.id');
      trx.insertInto("ledger_transfers").values(row);
    `;
    expect([...tableReferences(source, known)].sort()).toEqual([
      'ledger_transfers',
      'members',
      'sessions',
    ]);
  });

  it('finds raw SQL and ignores names that are not tables', () => {
    const source = 'sql`UPDATE members SET x = 1 FROM (VALUES (1)) AS v JOIN games g ON true`';
    expect([...tableReferences(source, known)].sort()).toEqual(['games', 'members']);
    expect([...tableReferences('sql`SELECT 1 FROM generate_series(1, 2)`', known)]).toEqual([]);
  });

  it('ignores comments that mention a table', () => {
    const source = `
      // Reads FROM members only through the member service.
      /** The row goes INTO sessions elsewhere. */
      const value = 1;
    `;
    expect([...tableReferences(source, known)]).toEqual([]);
  });
});
