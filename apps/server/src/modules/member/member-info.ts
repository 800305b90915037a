import { type MemberInfo, parseLanguage } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { Merchant } from '../system/index.js';
import type { MemberInfoCache } from './member-info-cache.js';
import type { MemberRepository } from './repository.js';

/** The member's club rank label (module vip), wired by services.ts. */
export type ClubLabelOf = (memberId: bigint) => Promise<MemberInfo['clubLabel']>;

/**
 * The member info call: from the cache while it holds the member (and the member is the
 * merchant's), otherwise read and kept. The merchant's currency always comes from the request.
 */
export function createMemberInfoReader(deps: {
  repository: MemberRepository;
  clubLabelOf?: ClubLabelOf | undefined;
  cache?: MemberInfoCache | undefined;
}) {
  const { repository, clubLabelOf, cache } = deps;

  async function read(merchant: Merchant, memberId: bigint): Promise<Omit<MemberInfo, 'currency'>> {
    const member = await repository.findById(memberId);
    if (!member || member.merchantCode !== merchant.code) throw new AppError('SESSION_EXPIRED');
    // One query at a time: a request holds at most one pooled connection, so a burst of cold
    // reads does not queue twice its size on the pool (which the load shedder counts).
    const clubLabel = clubLabelOf ? await clubLabelOf(memberId) : null;
    const labels = await repository.labelsOf(memberId);
    return {
      id: Number(member.id),
      account: member.username,
      nickname: member.nickname,
      type: member.type,
      toUpline: member.toUpline,
      clubLabel,
      memberLabel: labels.map((label) => ({
        text: label.name,
        color: label.color,
        backgroundColor: label.background_color,
      })),
      passwordKnown: member.passwordKnown,
      language: parseLanguage(member.language) ?? null,
    };
  }

  return async function info(merchant: Merchant, memberId: bigint): Promise<MemberInfo> {
    const key = String(memberId);
    const cached = cache?.get(key);
    if (cached?.merchantCode === merchant.code) {
      return { ...cached.info, currency: merchant.currency };
    }
    const stamp = cache?.stamp() ?? 0;
    const fresh = await read(merchant, memberId);
    cache?.put(key, { merchantCode: merchant.code, info: fresh }, stamp);
    return { ...fresh, currency: merchant.currency };
  };
}
