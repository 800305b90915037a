import { describe, expect, it } from 'vitest';
import { AUDIT_GENESIS_HASH, auditEntryHash, canonicalJson } from './chain.js';

const fields = {
  merchantCode: 'demo',
  operatorId: '7',
  operatorUsername: 'admin',
  operatorRole: 'admin',
  action: 'operator.update',
  subjectType: 'operator',
  subjectId: '8',
  before: { role: 'support', disabled: false },
  after: { role: 'finance', disabled: false },
  ip: '10.0.0.1',
  createdAtMs: 1_764_000_000_000,
};

describe('the audit hash chain', () => {
  it('encodes objects the same whatever their key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe('{"a":[{"c":null,"d":2}],"b":1}');
    expect(auditEntryHash(AUDIT_GENESIS_HASH, fields)).toEqual(
      auditEntryHash(AUDIT_GENESIS_HASH, {
        ...fields,
        after: { disabled: false, role: 'finance' },
      }),
    );
  });

  it('changes with any field and with the previous hash', () => {
    const hash = auditEntryHash(AUDIT_GENESIS_HASH, fields);
    expect(auditEntryHash(AUDIT_GENESIS_HASH, { ...fields, subjectId: '9' })).not.toEqual(hash);
    expect(auditEntryHash(AUDIT_GENESIS_HASH, { ...fields, createdAtMs: 1 })).not.toEqual(hash);
    expect(auditEntryHash(hash, fields)).not.toEqual(hash);
  });
});
