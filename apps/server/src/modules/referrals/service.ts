import { randomInt } from 'node:crypto';
import { minorToAmount, pageTotals, type ReferralRule } from '@app/contract';
import type { Db } from '../../db/database.js';

import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import type { EventConsumer, StoredEvent } from '../events/index.js';
import type { MemberDirectory } from '../member/index.js';
import {
  type LoyaltyActor,
  maskName,
  type RewardPayer,
  rewardFromDisplay,
  rewardToDisplay,
} from '../missions/index.js';
import { createQrImages, type Merchant } from '../system/index.js';
import {
  createReferralsRepository,
  type NewReferral,
  type ReferralRow,
  type ReferralRuleRow,
} from './repository.js';

export const REFERRALS_CONSUMER = 'referrals';
export const REFERRALS_BATCH_SIZE = 500;
/** Characters of a referral code: no 0/O, 1/I/L, so a code read aloud or off a screen survives. */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
/** Tries at a free code before giving up (31^8 codes: a clash is already rare). */
export const REFERRAL_CODE_ATTEMPTS = 5;
/**
 * Farm guard: friends of one inviter registered from one address who may count. A household
 * shares an address; more than this from one place is a farm, and the rest are refused.
 */
export const REFERRAL_FRIENDS_PER_ADDRESS_MAX = 2;
/**
 * Farm guard by device: friends of one inviter registered from one browser (its device cookie)
 * who may count. Two, like the address rule: a shared family computer, not a farm.
 */
export const REFERRAL_FRIENDS_PER_DEVICE_MAX = 2;
/** The path of an invitation: the registration page pre-fills the code (SPEC §4). */
export const REFERRAL_LINK_PATH = '/register?referralCode=';

export interface MyReferral {
  referralCode: string;
  referralLink: string;
  qrCodeDataUrl: string;
  rule: ReferralRule | null;
  invitedCount: number;
  qualifiedCount: number;
  rewardTotal: number;
}

export interface ReferralFriendsPage {
  list: {
    name: string;
    registeredAtMs: number;
    status: ReferralRow['status'];
    progress: number;
    rewardAmount: number | null;
    rewardKind: ReferralRule['rewardKind'] | null;
  }[];
  totalCount: number;
  totalPages: number;
}

/** Invite friends (SPEC §2 referral): the member's code, link and friends. */
export interface ReferralsService {
  /** The code (made on first use), the link on `origin`, its QR, the rule and the totals. */
  mine(merchant: Merchant, memberId: bigint, origin: string | null): Promise<MyReferral>;
  /** Invited friends, newest first, names masked. */
  friends(
    merchant: Merchant,
    memberId: bigint,
    page: { pageNo: number; pageSize: number },
  ): Promise<ReferralFriendsPage>;
}

export type AdminReferralRule = ReferralRule & { enabled: boolean; updatedAtMs: number };

export interface ReferralRuleInput extends ReferralRule {
  enabled: boolean;
}

/** The console's referral rule; each change audited in its own transaction. */
export interface ReferralsAdminService {
  rule(actor: LoyaltyActor): Promise<{ rule: AdminReferralRule | null }>;
  saveRule(actor: LoyaltyActor, input: ReferralRuleInput): Promise<{ rule: AdminReferralRule }>;
}

function ruleView(rule: ReferralRuleRow): ReferralRule {
  return {
    qualifyBy: rule.qualifyBy,
    threshold: minorToAmount(rule.thresholdMinor),
    rewardKind: rule.rewardKind,
    rewardAmount: rewardToDisplay(rule.rewardKind, rule.rewardAmount),
    maxRewardedFriends: rule.maxRewardedFriends,
  };
}

function adminRuleView(rule: ReferralRuleRow): AdminReferralRule {
  return { ...ruleView(rule), enabled: rule.enabled, updatedAtMs: rule.updatedAt.getTime() };
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** A code as typed: trimmed, upper case (codes are made upper case). */
export function normalizeReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The ledger transfer (or points credit) of a friend's reward: one per friend, ever. */
export function referralRewardTransferId(friendMemberId: bigint): string {
  return `referral:${friendMemberId}`;
}

/**
 * Decides each new friend of a batch: refused when registered from the inviter's own
 * registration address or device (a second account of the inviter), or past
 * REFERRAL_FRIENDS_PER_ADDRESS_MAX friends of the inviter from one address, or past
 * REFERRAL_FRIENDS_PER_DEVICE_MAX from one device; else pending.
 */
export function decideFriends(
  candidates: readonly Omit<NewReferral, 'status' | 'refusalReason'>[],
  inviterAddress: ReadonlyMap<bigint, string | null>,
  friendsByAddress: ReadonlyMap<string, number>,
  inviterDevice: ReadonlyMap<bigint, string | null> = new Map(),
  friendsByDevice: ReadonlyMap<string, number> = new Map(),
): NewReferral[] {
  const counts = new Map(friendsByAddress);
  const deviceCounts = new Map(friendsByDevice);
  return candidates.map((candidate) => {
    const address = candidate.friendRegisterIp;
    const device = candidate.friendDeviceId ?? null;
    if (address !== null && inviterAddress.get(candidate.inviterMemberId) === address) {
      return { ...candidate, status: 'refused', refusalReason: 'same-address' };
    }
    if (device !== null && inviterDevice.get(candidate.inviterMemberId) === device) {
      return { ...candidate, status: 'refused', refusalReason: 'same-device' };
    }
    const addressKey = address === null ? null : `${candidate.inviterMemberId}|${address}`;
    if (addressKey !== null && (counts.get(addressKey) ?? 0) >= REFERRAL_FRIENDS_PER_ADDRESS_MAX) {
      return { ...candidate, status: 'refused', refusalReason: 'address-limit' };
    }
    const deviceKey = device === null ? null : `${candidate.inviterMemberId}|${device}`;
    if (
      deviceKey !== null &&
      (deviceCounts.get(deviceKey) ?? 0) >= REFERRAL_FRIENDS_PER_DEVICE_MAX
    ) {
      return { ...candidate, status: 'refused', refusalReason: 'device-limit' };
    }
    if (addressKey !== null) counts.set(addressKey, (counts.get(addressKey) ?? 0) + 1);
    if (deviceKey !== null) deviceCounts.set(deviceKey, (deviceCounts.get(deviceKey) ?? 0) + 1);
    return { ...candidate, status: 'pending', refusalReason: null };
  });
}

/**
 * Member referrals: a consumer of the event stream links each new member who registered with a
 * referral code to its inviter, counts the friend's deposits and valid bets, and pays the
 * inviter's reward once when the merchant's rule is met (in the batch's transaction, with the
 * checkpoint; the reward's transfer id is one per friend). Apart from agents' affiliate codes:
 * a referral never makes the inviter the friend's upline.
 */
export function createReferrals(
  db: Db,
  deps: {
    unitOfWork: UnitOfWork;
    rewards: RewardPayer;
    audit: AuditService;
    directory: MemberDirectory;
    /** The merchant of a code (its currency pays cash rewards). */
    merchantOf(merchantCode: string): Promise<Merchant>;
  },
) {
  const repository = createReferralsRepository(db);
  const qrImages = createQrImages();

  async function linkFriends(trx: Db, events: StoredEvent[]): Promise<void> {
    const registered = events.filter((event) => event.type === 'member.registered');
    if (registered.length === 0) return;
    const friendIds = registered.map((event) => event.memberId as bigint);
    const registrations = await deps.directory.registrationsOf(friendIds);
    const trxRepository = createReferralsRepository(trx);
    const candidates: Omit<NewReferral, 'status' | 'refusalReason'>[] = [];
    for (const event of registered) {
      const friendId = event.memberId as bigint;
      const registration = registrations.get(friendId);
      if (!registration?.referralCode) continue;
      const code = normalizeReferralCode(registration.referralCode);
      const owners = await trxRepository.ownersOf(event.merchantCode, [code]);
      const inviterId = owners.get(code);
      if (inviterId === undefined || inviterId === friendId) continue;
      candidates.push({
        friendMemberId: friendId,
        merchantCode: event.merchantCode,
        inviterMemberId: inviterId,
        code,
        friendRegisterIp: registration.registerIp,
        friendDeviceId: registration.registerDeviceId,
      });
    }
    if (candidates.length === 0) return;
    const inviterIds = [...new Set(candidates.map((candidate) => candidate.inviterMemberId))];
    const inviters = await deps.directory.registrationsOf(inviterIds);
    const inviterAddress = new Map(
      inviterIds.map((id) => [id, inviters.get(id)?.registerIp ?? null]),
    );
    const inviterDevice = new Map(
      inviterIds.map((id) => [id, inviters.get(id)?.registerDeviceId ?? null]),
    );
    await trxRepository.insertReferrals(
      decideFriends(
        candidates,
        inviterAddress,
        await trxRepository.friendsByAddress(inviterIds),
        inviterDevice,
        await trxRepository.friendsByDevice(inviterIds),
      ),
    );
  }

  async function countPlay(trx: Db, events: StoredEvent[]): Promise<void> {
    const money = events.filter(
      (event) => event.type === 'deposit.credited' || event.type === 'round.settled',
    );
    if (money.length === 0) return;
    const trxRepository = createReferralsRepository(trx);
    const pending = await trxRepository.lockPending([
      ...new Set(money.map((event) => event.memberId as bigint)),
    ]);
    if (pending.length === 0) return;
    const rows = new Map(pending.map((row) => [row.friendMemberId, { ...row }]));
    for (const event of money) {
      const row = rows.get(event.memberId as bigint);
      if (!row) continue;
      if (event.type === 'deposit.credited') row.depositMinor += BigInt(event.payload.amountMinor);
      if (event.type === 'round.settled') row.turnoverMinor += BigInt(event.payload.validBetMinor);
    }
    const rewarded = await trxRepository.rewardedCounts([
      ...new Set(pending.map((row) => row.inviterMemberId)),
    ]);
    const rules = new Map<string, ReferralRuleRow | undefined>();
    for (const row of rows.values()) {
      if (!rules.has(row.merchantCode)) {
        rules.set(row.merchantCode, await trxRepository.rule(row.merchantCode));
      }
      await settle(trx, row, rules.get(row.merchantCode), rewarded);
    }
  }

  /** Saves a friend's counts and, when the rule is met, qualifies them and pays once. */
  async function settle(
    trx: Db,
    row: ReferralRow,
    rule: ReferralRuleRow | undefined,
    rewarded: Map<bigint, number>,
  ): Promise<void> {
    const trxRepository = createReferralsRepository(trx);
    const counted = rule?.qualifyBy === 'turnover' ? row.turnoverMinor : row.depositMinor;
    // Without an enabled rule, or with a reward this site cannot pay yet, the friend stays
    // pending and keeps counting: a rule set later still rewards them.
    if (
      !rule?.enabled ||
      !deps.rewards.supports(rule.rewardKind) ||
      counted < rule.thresholdMinor
    ) {
      await trxRepository.saveProgress(row, null);
      return;
    }
    row.status = 'qualified';
    const already = rewarded.get(row.inviterMemberId) ?? 0;
    if (already >= rule.maxRewardedFriends) {
      await trxRepository.saveProgress(row, null);
      return;
    }
    const merchant = await deps.merchantOf(row.merchantCode);
    const transferId = referralRewardTransferId(row.friendMemberId);
    await deps.rewards.payWithin(trx, {
      merchantCode: row.merchantCode,
      currency: merchant.currency,
      memberId: row.inviterMemberId,
      kind: rule.rewardKind,
      amount: rule.rewardAmount,
      transferId,
      reason: 'referral',
      remark: `referral:${row.friendMemberId}`,
    });
    rewarded.set(row.inviterMemberId, already + 1);
    await trxRepository.saveProgress(row, {
      kind: rule.rewardKind,
      amount: rule.rewardAmount,
      transferId,
    });
  }

  const consumer: EventConsumer = {
    name: REFERRALS_CONSUMER,
    batchSize: REFERRALS_BATCH_SIZE,
    types: ['member.registered', 'deposit.credited', 'round.settled'],
    async apply(trx, events) {
      const withMember = events.filter((event) => event.memberId !== null);
      // Registrations first: a friend's first deposit may sit in the same batch.
      await linkFriends(trx, withMember);
      await countPlay(trx, withMember);
    },
  };

  async function codeFor(merchant: Merchant, memberId: bigint): Promise<string> {
    const existing = await repository.codeOf(memberId);
    if (existing) return existing;
    for (let attempt = 0; attempt < REFERRAL_CODE_ATTEMPTS; attempt += 1) {
      await repository.insertCode(merchant.code, memberId, newCode());
      // Another request of the same member may have won the race: its code is the code.
      const stored = await repository.codeOf(memberId);
      if (stored) return stored;
    }
    throw new Error('no free referral code after several attempts');
  }

  function requireSwitch(merchant: Merchant): void {
    if (!merchant.whiteLabel.referralPromo) throw new AppError('REFERRAL_UNAVAILABLE');
  }

  const service: ReferralsService = {
    async mine(merchant, memberId, origin) {
      requireSwitch(merchant);
      const code = await codeFor(merchant, memberId);
      const referralLink = `${origin ?? ''}${REFERRAL_LINK_PATH}${encodeURIComponent(code)}`;
      const [rule, totals, qrCodeDataUrl] = await Promise.all([
        repository.rule(merchant.code),
        repository.totals(memberId),
        qrImages.dataUrlOf(referralLink),
      ]);
      return {
        referralCode: code,
        referralLink,
        qrCodeDataUrl,
        rule: rule?.enabled ? ruleView(rule) : null,
        invitedCount: totals.invited,
        qualifiedCount: totals.qualified,
        rewardTotal: minorToAmount(totals.cashMinor),
      };
    },

    async friends(merchant, memberId, page) {
      requireSwitch(merchant);
      const offset = (page.pageNo - 1) * page.pageSize;
      const [rows, totals, rule] = await Promise.all([
        repository.friendsPage(memberId, page.pageSize, offset),
        repository.totals(memberId),
        repository.rule(merchant.code),
      ]);
      const names = await deps.directory.byIds(rows.map((row) => row.friendMemberId));
      return {
        list: rows.map((row) => ({
          name: maskName(names.get(row.friendMemberId)?.username ?? ''),
          registeredAtMs: row.createdAt.getTime(),
          status: row.status,
          progress: minorToAmount(
            rule?.qualifyBy === 'turnover' ? row.turnoverMinor : row.depositMinor,
          ),
          rewardAmount:
            row.rewardAmount === null || row.rewardKind === null
              ? null
              : rewardToDisplay(row.rewardKind as ReferralRule['rewardKind'], row.rewardAmount),
          rewardKind: row.rewardKind as ReferralRule['rewardKind'] | null,
        })),
        ...pageTotals(totals.invited, page.pageSize),
      };
    },
  };

  const admin: ReferralsAdminService = {
    async rule(actor) {
      const rule = await repository.rule(actor.merchantCode);
      return { rule: rule ? adminRuleView(rule) : null };
    },

    async saveRule(actor, input) {
      if (!deps.rewards.supports(input.rewardKind)) {
        throw new AppError('MISSION_REWARD_KIND_UNAVAILABLE');
      }
      let thresholdMinor: bigint;
      try {
        thresholdMinor = rewardFromDisplay('cash', input.threshold, 'threshold');
      } catch (error) {
        throw error instanceof AppError ? error : new AppError('VALIDATION_FAILED');
      }
      const values = {
        merchantCode: actor.merchantCode,
        enabled: input.enabled,
        qualifyBy: input.qualifyBy,
        thresholdMinor,
        rewardKind: input.rewardKind,
        rewardAmount: rewardFromDisplay(input.rewardKind, input.rewardAmount, 'rewardAmount'),
        maxRewardedFriends: input.maxRewardedFriends,
      };
      return deps.unitOfWork(async (trx) => {
        const trxRepository = createReferralsRepository(trx);
        const before = await trxRepository.rule(actor.merchantCode);
        await trxRepository.saveRule(values);
        const after = (await trxRepository.rule(actor.merchantCode)) as ReferralRuleRow;
        await deps.audit.recordWithin(trx, {
          merchantCode: actor.merchantCode,
          operatorId: actor.operatorId,
          operatorUsername: actor.operatorUsername,
          operatorRole: actor.operatorRole,
          ip: actor.ip,
          action: 'referral-rule.update',
          subjectType: 'referral-rule',
          subjectId: actor.merchantCode,
          before: before ? adminRuleView(before) : null,
          after: adminRuleView(after),
        });
        return { rule: adminRuleView(after) };
      });
    },
  };

  return { consumer, service, admin };
}
