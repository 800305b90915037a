import type { Db } from '../../../db/database.js';
import { createDownlineRepository } from './repository.js';

export interface DownlineMember {
  username: string;
  type: number;
}

export interface AffiliateCodeRegistrations {
  code: string;
  active: boolean;
  registeredCount: number;
}

/** What the member tables tell about an agent's team, for the agent module's reports. */
export interface DownlineReader {
  /** The member's own row in the merchant; undefined for an id of another merchant. */
  member(merchantCode: string, memberId: bigint): Promise<DownlineMember | undefined>;
  /** Members whose upline is the agent, and those of them registered in the last `recentDays`. */
  directDownlineCounts(
    merchantCode: string,
    agentMemberId: bigint,
    recentDays: number,
  ): Promise<{ total: number; recent: number }>;
  /** The agent's invitation codes, newest first, with how many members each brought. */
  affiliateCodesWithRegistrations(
    merchantCode: string,
    agentMemberId: bigint,
    limit: number,
  ): Promise<AffiliateCodeRegistrations[]>;
  /**
   * A new invitation code of the agent: 'taken' when the merchant has it already (any case),
   * 'limit' when the agent holds `maxCodes`.
   */
  createCode(
    merchantCode: string,
    agentMemberId: bigint,
    code: string,
    maxCodes: number,
  ): Promise<{ code: string; active: boolean } | 'taken' | 'limit'>;
  /** Switches one of the agent's own codes on or off; undefined when it is not theirs. */
  setCodeActive(
    merchantCode: string,
    agentMemberId: bigint,
    code: string,
    active: boolean,
  ): Promise<{ code: string; active: boolean } | undefined>;
}

export function createDownlineReader(db: Db): DownlineReader {
  return createDownlineRepository(db);
}
