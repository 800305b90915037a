import type { MemberInfo } from '@app/contract/client';
import { describe, expect, it } from 'vitest';
import { pagesShownTo } from './member-centre-pages';

function member(toUpline: boolean): MemberInfo {
  return {
    id: 1,
    account: 'player01',
    nickname: 'player01',
    type: 0,
    toUpline,
    currency: 'VND',
    clubLabel: null,
    memberLabel: [],
    passwordKnown: true,
  };
}

describe('pagesShownTo', () => {
  it('lists "transfer to upline" only for a member with an upline', () => {
    const keysOf = (toUpline: boolean) =>
      pagesShownTo(member(toUpline), {}).map((page) => page.key);
    expect(keysOf(true)).toContain('transferUpline');
    expect(keysOf(false)).not.toContain('transferUpline');
    expect(keysOf(false)).toContain('withdraw');
  });
});
