import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('the changed part of an audit entry', () => {
  it('keeps only the fields that differ', () => {
    const before = { id: 4, role: 'risk', disabled: false, allowedIps: [] };
    const after = { id: 4, role: 'read-only', disabled: false, allowedIps: ['10.0.0.1'] };
    expect(changedFields(before, after)).toEqual({
      before: { role: 'risk', allowedIps: [] },
      after: { role: 'read-only', allowedIps: ['10.0.0.1'] },
    });
  });

  it('shows a creation or a plain value whole', () => {
    expect(changedFields(null, { id: 1 })).toEqual({ before: null, after: { id: 1 } });
    expect(changedFields('pending', 'approved')).toEqual({ before: 'pending', after: 'approved' });
  });
});
