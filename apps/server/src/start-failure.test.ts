import { describe, expect, it } from 'vitest';
import { describeStartFailure } from './start-failure.js';

describe('describeStartFailure', () => {
  it('never answers a bare undefined', () => {
    expect(describeStartFailure(undefined)).toContain('rejected with no reason');
    expect(describeStartFailure('lock file "postmaster.pid" already exists')).toBe(
      'lock file "postmaster.pid" already exists',
    );
    expect(describeStartFailure({ code: 'EADDRINUSE' })).toContain('EADDRINUSE');
    expect(describeStartFailure(new Error('port taken'))).toContain('port taken');
  });
});
