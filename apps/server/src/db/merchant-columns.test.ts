import { describe, expect, it } from 'vitest';
import { platformWideTables } from './platform-tables.js';
import { schemaSnapshot } from './schema-snapshot.generated.js';

const tables = Object.entries(schemaSnapshot) as [string, Record<string, unknown>][];

describe('merchant on every row', () => {
  it('has merchant_code, not null, on every table but the platform-wide ones', () => {
    const missing = tables
      .filter(([name, columns]) => !('merchant_code' in columns) && !(name in platformWideTables))
      .map(([name]) => name);
    expect(missing).toEqual([]);
    const nullable = tables
      .filter(([, columns]) => {
        const column = columns.merchant_code as [string, boolean] | undefined;
        return column?.[1] === true;
      })
      .map(([name]) => name);
    // A merchant column that may be empty does not place its row: none may.
    expect(nullable).toEqual([]);
  });

  it('lists only tables that exist and really lack the column', () => {
    const stale = Object.keys(platformWideTables).filter((name) => {
      const columns = (schemaSnapshot as Record<string, Record<string, unknown>>)[name];
      return columns === undefined || 'merchant_code' in columns;
    });
    expect(stale).toEqual([]);
  });
});
