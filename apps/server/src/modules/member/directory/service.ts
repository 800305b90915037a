import { agentMemberTypes, memberTypes } from '@app/contract';
import { normalizeUsername } from '../service.js';
import type { MemberDirectory } from '../service-interface.js';
import type { MemberContact, MemberDirectoryRepository, MemberParty } from './repository.js';

/** Member types that are agents (they have downlines): the contract's one list. */
export const AGENT_MEMBER_TYPES: readonly number[] = agentMemberTypes;
/** Trial (demo) accounts: never move real money. */
export const TRIAL_MEMBER_TYPE: number = memberTypes.trial;

/** Looks members up by id or account name, for money moves between members and operators. */
export function createMemberDirectory(repository: MemberDirectoryRepository): MemberDirectory {
  return {
    byId(id: bigint): Promise<MemberParty | undefined> {
      return repository.findById(id);
    },
    /** The members of these ids that exist, by id: one read for a whole list (no N+1). */
    async byIds(ids: readonly bigint[]): Promise<Map<bigint, MemberParty>> {
      const parties = await repository.findByIds([...new Set(ids)]);
      return new Map(parties.map((party) => [party.id, party]));
    },
    /** How to reach the member for a verification code, and where they registered from. */
    contact(id: bigint): Promise<MemberContact | undefined> {
      return repository.contact(id);
    },
    /** The upline (agent) of each of these members that has one. */
    uplinesOf(ids: readonly bigint[]): Promise<Map<bigint, bigint>> {
      return repository.uplinesOf(ids);
    },
    /** Real (not trial) members who registered in [from, to). */
    countJoined(merchantCode: string, from: Date, to: Date): Promise<number> {
      return repository.countJoined(merchantCode, from, to, TRIAL_MEMBER_TYPE);
    },
    byAccount(merchantCode: string, account: string): Promise<MemberParty | undefined> {
      return repository.findByUsername(merchantCode, normalizeUsername(account.trim()));
    },
    registrationsOf(ids: readonly bigint[]) {
      return repository.registrationsOf([...new Set(ids)]);
    },
  };
}

export type { MemberDirectory } from '../service-interface.js';
export type { MemberContact, MemberParty };
