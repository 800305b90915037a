import { AppError } from '../../../http/app-error.js';
import type { MemberSecurityRecord, MemberSecurityRepository } from './repository.js';

/** The member's own contacts and preferences, changed only after the caller proved them. */
export interface MemberSecurityService {
  /** The active member's row of this merchant; SESSION_EXPIRED otherwise. */
  record(merchantCode: string, memberId: bigint): Promise<MemberSecurityRecord>;
  /** Stores an e-mail address the member proved with a code. */
  bindEmail(memberId: bigint, email: string): Promise<void>;
  /** Stores a mobile number the member proved with an SMS code. */
  bindMobile(memberId: bigint, phone: { full: string; national: string }): Promise<void>;
  setLanguage(memberId: bigint, language: string): Promise<void>;
}

export function createMemberSecurityService(
  repository: MemberSecurityRepository,
): MemberSecurityService {
  return {
    async record(merchantCode, memberId) {
      const record = await repository.find(memberId);
      if (!record || record.merchantCode !== merchantCode) throw new AppError('SESSION_EXPIRED');
      return record;
    },
    bindEmail: (memberId, email) => repository.bindEmail(memberId, email),
    bindMobile: (memberId, phone) => repository.bindMobile(memberId, phone.full, phone.national),
    setLanguage: (memberId, language) => repository.setLanguage(memberId, language),
  };
}

export type { MemberSecurityRecord } from './repository.js';
