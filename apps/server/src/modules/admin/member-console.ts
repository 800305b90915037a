import {
  agentMemberTypes,
  MEMBER_LABELS_PER_MERCHANT_MAX,
  MEMBER_LOGIN_FAILURES_PAGE_SIZE,
  MEMBER_LOGINS_PAGE_SIZE,
  MEMBER_NOTES_PAGE_SIZE,
  MEMBER_STATEMENT_RANGE_DAYS_MAX,
  type MemberProfile,
  type MemberSearchOrder,
  type MemberSummary,
  memberTypes,
  minorToAmount,
  type RouteValue,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type { AuditService } from '../audit/index.js';
import type { EmailLanguage } from '../email/index.js';
import type { BettingRecordsQuery, GameRecordsService } from '../game-records/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { Lottery } from '../lottery/index.js';
import type {
  ConsoleMemberRow,
  MemberConsole,
  MemberDirectory,
  MemberSearchFilter,
  NoteRow,
  PasswordResetService,
} from '../member/index.js';
import type { LoginFailureRecord, LoginRecord, SessionService } from '../session/index.js';
import type { Merchant } from '../system/index.js';
import { createLabelColourCalls } from './label-colours.js';
import {
  decodeMemberCursor,
  encodeMemberCursor,
  isLastLoginOrder,
} from './member-search-cursor.js';
import { actorFields } from './operator-access.js';
import type { Operator } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The statement's range when the operator names none. */
export const MEMBER_STATEMENT_DEFAULT_DAYS = 30;
/** Logins shown on the profile tab itself. */
export const PROFILE_RECENT_LOGINS = 5;
/**
 * A search by last-login address looks at this many members at most: an address shared by
 * more (a mobile carrier's gateway) is better narrowed by another field.
 */
export const LAST_LOGIN_IP_MATCH_MAX = 1000;
/** Reset links an operator may send one member: a mailbox is not flooded by a console. */
export const OPERATOR_RESET_LINK_PER_MEMBER_LIMIT: RateLimitRule = {
  name: 'operator-reset-link-member',
  limit: 3,
  windowMs: 60 * 60 * 1000,
};
/** ...and that one operator may send in all, whatever the members. */
export const OPERATOR_RESET_LINK_PER_OPERATOR_LIMIT: RateLimitRule = {
  name: 'operator-reset-link-operator',
  limit: 30,
  windowMs: 60 * 60 * 1000,
};

export type MemberKind = MemberSummary['kind'];

export function kindOf(type: number): MemberKind {
  if (type === memberTypes.trial) return 'trial';
  return agentMemberTypes.includes(type) ? 'agent' : 'member';
}

function typeFilterOf(kind: MemberKind | undefined): Partial<MemberSearchFilter> {
  if (kind === 'trial') return { types: [memberTypes.trial] };
  if (kind === 'agent') return { types: agentMemberTypes };
  if (kind === 'member') return { excludedTypes: [memberTypes.trial, ...agentMemberTypes] };
  return {};
}

function summaryOf(row: ConsoleMemberRow): MemberSummary {
  return {
    id: row.id.toString(),
    account: row.username,
    nickname: row.nickname,
    kind: kindOf(row.type),
    type: row.type,
    status: row.status === 'active' ? 'active' : 'locked',
    registeredAtMs: row.createdAt.getTime(),
    lastLoginAtMs: row.lastLoginAt?.getTime() ?? null,
    email: row.profile.email ?? null,
    mobileNum: row.profile.mobileNum ?? null,
    realName: row.profile.payeeName ?? null,
  };
}

function loginOf(record: LoginRecord) {
  return {
    id: record.id.toString(),
    atMs: record.createdAt.getTime(),
    ip: record.ip,
    device: record.userAgent,
    result: 'success' as const,
    endedAtMs: record.revokedAt?.getTime() ?? null,
  };
}

function loginFailureOf(record: LoginFailureRecord) {
  return {
    id: record.id.toString(),
    atMs: record.failedAt.getTime(),
    ip: record.ip,
    device: record.userAgent,
    result: 'failure' as const,
    reason: record.reason,
  };
}

function noteOf(note: NoteRow) {
  return {
    id: note.id.toString(),
    atMs: note.createdAt.getTime(),
    operatorId: note.operatorId.toString(),
    operatorUsername: note.operatorUsername,
    body: note.body,
  };
}

/** The next page's key: the last row's id when one more row than the page was found. */
function keysetPage<T extends { id: bigint }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  return {
    page,
    nextAfterId: rows.length > limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

export interface MemberSearchQuery {
  account?: string | undefined;
  memberId?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  realName?: string | undefined;
  lastLoginIp?: string | undefined;
  labelId?: string | undefined;
  status?: 'active' | 'locked' | undefined;
  kind?: MemberKind | undefined;
  registeredFromMs?: number | undefined;
  registeredToMs?: number | undefined;
  order?: MemberSearchOrder | undefined;
  afterId?: string | undefined;
  cursor?: string | undefined;
  pageSize: number;
}

/**
 * The console's Members pages: reads from the member, session and ledger modules, and the
 * operator actions on a member (lock, labels, notes, password reset), each in one transaction
 * with its audit entry. Every call is bounded to the operator's merchant: another merchant's
 * member answers NOT_FOUND, as if it did not exist.
 */
export function createMemberConsoleService(deps: {
  members: MemberConsole;
  directory: MemberDirectory;
  sessions: SessionService;
  ledger: LedgerService;
  passwordResets: PasswordResetService;
  audit: AuditService;
  unitOfWork: UnitOfWork;
  gameRecords: GameRecordsService;
  lotteryBets: Lottery['reads']['myBets'];
  /** The SMS module's delivery, for reset links sent by SMS. */
  sendSms: (message: { merchantCode: string; number: string; text: string }) => Promise<void>;
}) {
  const { members, directory, sessions, ledger, passwordResets, audit, unitOfWork } = deps;

  async function memberOf(merchantCode: string, memberId: string): Promise<ConsoleMemberRow> {
    const member = await members.find(merchantCode, BigInt(memberId));
    if (!member) throw new AppError('NOT_FOUND', { field: 'memberId' });
    return member;
  }

  /** One page in the query's order, after its cursor (or its `afterId`, registration orders). */
  async function searchPage(filter: MemberSearchFilter, query: MemberSearchQuery) {
    const order = query.order ?? 'newest';
    const after =
      query.cursor !== undefined
        ? decodeMemberCursor(order, query.cursor)
        : query.afterId === undefined
          ? undefined
          : { id: BigInt(query.afterId) };
    if (isLastLoginOrder(order)) {
      const direction = order === 'lastLoginOldest' ? 'asc' : 'desc';
      const rows = await members.searchByLastLogin(
        filter,
        direction,
        after?.loginKey === undefined ? undefined : { loginKey: after.loginKey, id: after.id },
        query.pageSize + 1,
      );
      const page = rows.slice(0, query.pageSize);
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.pageSize && last
          ? encodeMemberCursor(order, { loginKey: last.loginKey, id: last.id })
          : null;
      return { list: page.map(summaryOf), nextAfterId: null, nextCursor };
    }
    const rows = await members.search(filter, after?.id, query.pageSize + 1);
    const { page, nextAfterId } = keysetPage(rows, query.pageSize);
    const nextCursor =
      nextAfterId === null ? null : encodeMemberCursor(order, { id: BigInt(nextAfterId) });
    return { list: page.map(summaryOf), nextAfterId, nextCursor };
  }

  return {
    ...createLabelColourCalls({ members, audit, unitOfWork }),
    memberOf,

    async search(merchantCode: string, query: MemberSearchQuery) {
      const memberIds =
        query.lastLoginIp === undefined
          ? undefined
          : await sessions.memberIdsByLastLoginIp(
              merchantCode,
              query.lastLoginIp,
              LAST_LOGIN_IP_MATCH_MAX,
            );
      const filter: MemberSearchFilter = {
        merchantCode,
        oldestFirst: query.order === 'oldest',
        // The account's stored normal form (normalizeUsername): NFKC, then lower case.
        accountPrefix: query.account?.normalize('NFKC').toLowerCase(),
        memberId: query.memberId === undefined ? undefined : BigInt(query.memberId),
        phone: query.phone,
        email: query.email,
        realName: query.realName,
        memberIds,
        labelId: query.labelId === undefined ? undefined : BigInt(query.labelId),
        status:
          query.status === undefined
            ? undefined
            : query.status === 'active'
              ? 'active'
              : 'disabled',
        ...typeFilterOf(query.kind),
        registeredFrom:
          query.registeredFromMs === undefined ? undefined : new Date(query.registeredFromMs),
        registeredTo:
          query.registeredToMs === undefined ? undefined : new Date(query.registeredToMs),
      };
      return searchPage(filter, query);
    },

    async profile(merchantCode: string, memberId: string): Promise<MemberProfile> {
      const member = await memberOf(merchantCode, memberId);
      const [labels, balances, logins, upline] = await Promise.all([
        members.labelsOfMembers([member.id]),
        ledger.memberAvailableBalances(member.id),
        sessions.logins(member.id, undefined, PROFILE_RECENT_LOGINS),
        member.uplineMemberId === null ? undefined : directory.byId(member.uplineMemberId),
      ]);
      return {
        ...summaryOf(member),
        upline: upline ? { id: upline.id.toString(), account: upline.username } : null,
        registerIp: member.registerIp,
        registerMethod: member.registerMethod,
        fields: member.profile,
        labels: (labels.get(member.id) ?? []).map((label) => ({
          id: label.id.toString(),
          name: label.name,
        })),
        balances: balances.map((balance) => ({
          asset: balance.asset,
          wallet: balance.wallet,
          currency: balance.currency,
          available: minorToAmount(balance.availableMinor),
        })),
        recentLogins: logins.map(loginOf),
        mobileVerified: member.verifiedMobile !== null,
      };
    },

    async statement(
      merchantCode: string,
      query: {
        memberId: string;
        fromMs?: number | undefined;
        toMs?: number | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const member = await memberOf(merchantCode, query.memberId);
      const to = new Date(query.toMs ?? Date.now());
      const from = new Date(query.fromMs ?? to.getTime() - MEMBER_STATEMENT_DEFAULT_DAYS * DAY_MS);
      if (from.getTime() >= to.getTime()) {
        throw new AppError('DATE_RANGE_INVALID', { field: 'fromMs' });
      }
      if (to.getTime() - from.getTime() > MEMBER_STATEMENT_RANGE_DAYS_MAX * DAY_MS) {
        throw new AppError('DATE_RANGE_INVALID', { field: 'fromMs' });
      }
      const { rows, totalCount } = await ledger.memberEntries({
        memberId: member.id,
        from,
        to,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: rows.map((entry) => ({
          id: entry.entryId.toString(),
          atMs: entry.createdAt.getTime(),
          code: entry.code,
          wallet: entry.wallet,
          asset: entry.asset,
          currency: entry.currency,
          amount: minorToAmount(entry.amountMinor),
          balanceAfter: minorToAmount(entry.balanceAfterMinor),
        })),
        pageNo: query.pageNo,
        totalCount,
        totalPages: Math.ceil(totalCount / query.pageSize),
      };
    },

    /** The member's own betting record, read for the operator (module game-records). */
    async gameRecords(
      merchant: Merchant,
      query: BettingRecordsQuery & { memberId: string },
    ): Promise<RouteValue<'bettingRecords'>> {
      const member = await memberOf(merchant.code, query.memberId);
      const { memberId: _memberId, ...recordsQuery } = query;
      return deps.gameRecords.bettingRecords(
        {
          merchantCode: merchant.code,
          memberId: member.id,
          language: merchant.defaultLanguage,
          fallbackLanguage: merchant.defaultLanguage,
        },
        recordsQuery,
      );
    },

    /** The member's own lottery bets, read for the operator (module lottery). */
    async lotteryBets(
      merchantCode: string,
      query: {
        memberId: string;
        gameCode?: string | undefined;
        drawId?: number | undefined;
        status?: Parameters<Lottery['reads']['myBets']>[0]['status'];
        pageNo: number;
        pageSize: number;
      },
    ) {
      const member = await memberOf(merchantCode, query.memberId);
      return deps.lotteryBets(
        {
          merchantCode,
          memberId: member.id,
          gameCode: query.gameCode,
          drawId: query.drawId,
          status: query.status,
        },
        { pageNo: query.pageNo, pageSize: query.pageSize },
      );
    },

    async logins(merchantCode: string, memberId: string, afterId: string | undefined) {
      const member = await memberOf(merchantCode, memberId);
      const rows = await sessions.logins(
        member.id,
        afterId === undefined ? undefined : BigInt(afterId),
        MEMBER_LOGINS_PAGE_SIZE + 1,
      );
      const { page, nextAfterId } = keysetPage(rows, MEMBER_LOGINS_PAGE_SIZE);
      return { list: page.map(loginOf), nextAfterId };
    },

    /** Failed password logins typed with the member's account name (module session). */
    async loginFailures(merchantCode: string, memberId: string, afterId: string | undefined) {
      const member = await memberOf(merchantCode, memberId);
      const rows = await sessions.loginFailures(
        merchantCode,
        member.username,
        afterId === undefined ? undefined : BigInt(afterId),
        MEMBER_LOGIN_FAILURES_PAGE_SIZE + 1,
      );
      const { page, nextAfterId } = keysetPage(rows, MEMBER_LOGIN_FAILURES_PAGE_SIZE);
      return { list: page.map(loginFailureOf), nextAfterId };
    },

    async notes(merchantCode: string, memberId: string, afterId: string | undefined) {
      const member = await memberOf(merchantCode, memberId);
      const rows = await members.notes(
        member.id,
        afterId === undefined ? undefined : BigInt(afterId),
        MEMBER_NOTES_PAGE_SIZE + 1,
      );
      const { page, nextAfterId } = keysetPage(rows, MEMBER_NOTES_PAGE_SIZE);
      return { list: page.map(noteOf), nextAfterId };
    },

    async addNote(operator: Operator, ip: string, input: { memberId: string; body: string }) {
      const member = await memberOf(operator.merchantCode, input.memberId);
      const note = await unitOfWork(async (executor) => {
        const added = await members.addNoteWithin(executor, {
          merchantCode: operator.merchantCode,
          memberId: member.id,
          operatorId: operator.id,
          operatorUsername: operator.username,
          body: input.body,
        });
        await audit.recordWithin(executor, {
          ...actorFields(operator, ip),
          action: 'member.note.add',
          subjectType: 'member',
          subjectId: member.id.toString(),
          before: null,
          after: { noteId: added.id.toString(), body: input.body },
        });
        return added;
      });
      return noteOf(note);
    },

    /**
     * Lock: status `disabled` (every login path refuses it: ACCOUNT_DISABLED) and every live
     * session and remember-me token of the member ends, with the audit entry, in one
     * transaction. Unlock sets `active` again; no session comes back.
     */
    async setLocked(
      operator: Operator,
      ip: string,
      input: { memberId: string; locked: boolean; reason: string },
    ) {
      return unitOfWork(async (executor) => {
        const member = await members.findForUpdateWithin(
          executor,
          operator.merchantCode,
          BigInt(input.memberId),
        );
        if (!member) throw new AppError('NOT_FOUND', { field: 'memberId' });
        const status = input.locked ? 'disabled' : 'active';
        await members.setStatusWithin(executor, member.id, status);
        const sessionsEnded = input.locked
          ? await sessions.revokeAllOfMemberWithin(executor, member.id)
          : 0;
        await audit.recordWithin(executor, {
          ...actorFields(operator, ip),
          action: input.locked ? 'member.lock' : 'member.unlock',
          subjectType: 'member',
          subjectId: member.id.toString(),
          before: { status: member.status === 'active' ? 'active' : 'locked' },
          after: {
            status: input.locked ? 'locked' : 'active',
            reason: input.reason,
            sessionsEnded,
          },
        });
        return { status: input.locked ? ('locked' as const) : ('active' as const), sessionsEnded };
      });
    },

    /**
     * The reset link goes to the member's e-mail, or by SMS to the verified mobile; the
     * operator sees only where, masked. The limits count both channels together: a member
     * gets a few reset messages an hour, whatever the way.
     */
    async resetPassword(
      operator: Operator,
      ip: string,
      input: {
        merchant: Merchant;
        memberId: string;
        channel: 'email' | 'sms';
        origin: string | null;
        language: EmailLanguage;
        rateLimit: RateLimiter;
      },
    ) {
      const member = await memberOf(operator.merchantCode, input.memberId);
      await input.rateLimit(OPERATOR_RESET_LINK_PER_OPERATOR_LIMIT, operator.id.toString());
      await input.rateLimit(OPERATOR_RESET_LINK_PER_MEMBER_LIMIT, member.id.toString());
      const meta = { origin: input.origin, language: input.language };
      const audited = (work: (executor: Db) => Promise<void>) =>
        unitOfWork(async (executor) => {
          await work(executor);
          await audit.recordWithin(executor, {
            ...actorFields(operator, ip),
            action: 'member.password-reset.send',
            subjectType: 'member',
            subjectId: member.id.toString(),
            before: null,
            after: { channel: input.channel },
          });
        });
      if (input.channel === 'sms') {
        return passwordResets.sendLinkToMemberBySms(
          input.merchant,
          { id: member.id, username: member.username, verifiedMobile: member.verifiedMobile },
          meta,
          audited,
          deps.sendSms,
        );
      }
      return passwordResets.sendLinkToMember(
        input.merchant,
        { id: member.id, username: member.username, email: member.profile.email ?? null },
        meta,
        audited,
      );
    },

    async labels(merchantCode: string) {
      const list = await members.labels(merchantCode, MEMBER_LABELS_PER_MERCHANT_MAX);
      return { list: list.map((label) => ({ id: label.id.toString(), name: label.name })) };
    },

    async createLabel(operator: Operator, ip: string, name: string) {
      if ((await members.countLabels(operator.merchantCode)) >= MEMBER_LABELS_PER_MERCHANT_MAX) {
        throw new AppError('VALIDATION_FAILED', { field: 'name' });
      }
      const { label } = await unitOfWork(async (executor) => {
        const ensured = await members.ensureLabelWithin(executor, operator.merchantCode, name);
        if (ensured.created) {
          await audit.recordWithin(executor, {
            ...actorFields(operator, ip),
            action: 'member-label.create',
            subjectType: 'member-label',
            subjectId: ensured.label.id.toString(),
            before: null,
            after: { name },
          });
        }
        return ensured;
      });
      return { id: label.id.toString(), name: label.name };
    },

    async setLabel(
      operator: Operator,
      ip: string,
      input: { memberId: string; labelId: string; present: boolean },
    ) {
      const [member, label] = await Promise.all([
        memberOf(operator.merchantCode, input.memberId),
        members.findLabel(operator.merchantCode, BigInt(input.labelId)),
      ]);
      if (!label) throw new AppError('NOT_FOUND', { field: 'labelId' });
      const labels = await unitOfWork(async (executor) => {
        const changed = await members.setLabelWithin(executor, member.id, label.id, input.present);
        if (changed) {
          await audit.recordWithin(executor, {
            ...actorFields(operator, ip),
            action: input.present ? 'member.label.add' : 'member.label.remove',
            subjectType: 'member',
            subjectId: member.id.toString(),
            before: { label: label.name, present: !input.present },
            after: { label: label.name, present: input.present },
          });
        }
        return members.labelsOfMembers([member.id], executor);
      });
      return {
        labels: (labels.get(member.id) ?? []).map((item) => ({
          id: item.id.toString(),
          name: item.name,
        })),
      };
    },
  };
}

export type MemberConsoleService = ReturnType<typeof createMemberConsoleService>;
