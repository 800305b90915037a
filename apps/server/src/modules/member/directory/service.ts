import { normalizeUsername } from '../service.js';
import type { MemberDirectoryRepository, MemberParty } from './repository.js';

/** Member types that are agents (they have downlines). */
export const AGENT_MEMBER_TYPES: readonly number[] = [1, 2, 41, 42];
/** Trial (demo) accounts: never move real money. */
export const TRIAL_MEMBER_TYPE = 4;

/** Looks members up by id or account name, for money moves between members and operators. */
export function createMemberDirectory(repository: MemberDirectoryRepository) {
  return {
    byId(id: bigint): Promise<MemberParty | undefined> {
      return repository.findById(id);
    },
    byAccount(merchantCode: string, account: string): Promise<MemberParty | undefined> {
      return repository.findByUsername(merchantCode, normalizeUsername(account.trim()));
    },
  };
}

export type MemberDirectory = ReturnType<typeof createMemberDirectory>;
export type { MemberParty };
