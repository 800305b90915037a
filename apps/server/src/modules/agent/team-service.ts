import { randomInt } from 'node:crypto';
import {
  AGENT_INVITATION_CODES_MAX,
  AGENT_LEVELS_SHOWN_MAX,
  AGENT_REPORT_RANGE_DAYS_MAX,
  type AgentDownlineQuery,
  type AgentPeriod,
  type AgentTeamOverview,
  type AgentTransactionsQuery,
  type AgentUserProfitQuery,
  type CursorPage,
  type DownlineMember,
  type DownlineTransaction,
  type InvitationCode,
  type MemberProfitRow,
  memberTypes,
  minorToAmount,
  type RouteBody,
  type TeamFigures,
} from '@app/contract';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type {
  DownlineFilter,
  DownlineReader,
  DownlineRow,
  DownlineTree,
  MemberDirectory,
  MemberService,
} from '../member/index.js';
import type { Merchant } from '../system/index.js';
import { createInvitationQrImages } from './invitation-qr.js';
import type { MoneySums, PlaySums, TeamRollupsRepository } from './team-rollups/repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Characters of a generated invitation code: no 0/O or 1/I, which players mistype. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GENERATED_CODE_LENGTH = 8;
/** Tries at a free random code before giving up (a collision is already rare at 32^8). */
const GENERATED_CODE_ATTEMPTS = 5;

const noPlay: PlaySums = { rounds: 0n, stakeMinor: 0n, validBetMinor: 0n, winMinor: 0n };
const noMoney: MoneySums = {
  depositMinor: 0n,
  depositCount: 0,
  withdrawalMinor: 0n,
  withdrawalCount: 0,
};

export interface MemberPlayRow extends PlaySums {
  memberId: bigint;
  gameCategory: string;
}

export interface TeamServiceDeps {
  tree: DownlineTree;
  downline: DownlineReader;
  directory: MemberDirectory;
  members: MemberService;
  teamRollups: TeamRollupsRepository;
  /** Members' play per category over whole UTC days (module play-rollups). */
  membersPlay: (ids: readonly bigint[], fromDay: string, toDay: string) => Promise<MemberPlayRow[]>;
  /** Available main-wallet cash per member (module ledger). */
  balancesOf: (ids: readonly bigint[]) => Promise<Map<bigint, bigint>>;
  /** Ends every session of a member in the caller's transaction (module session). */
  revokeSessionsWithin: (
    executor: Parameters<Parameters<UnitOfWork>[0]>[0],
    memberId: bigint,
  ) => Promise<number>;
  unitOfWork: UnitOfWork;
}

/** A checked period: both days valid, in order, at most AGENT_REPORT_RANGE_DAYS_MAX long. */
export function checkedPeriod(period: AgentPeriod): AgentPeriod & { from: Date; to: Date } {
  const from = new Date(`${period.fromDay}T00:00:00Z`);
  const toStart = new Date(`${period.toDay}T00:00:00Z`);
  const valid =
    !Number.isNaN(from.getTime()) &&
    !Number.isNaN(toStart.getTime()) &&
    from.toISOString().slice(0, 10) === period.fromDay &&
    toStart.toISOString().slice(0, 10) === period.toDay;
  if (!valid) throw new AppError('VALIDATION_FAILED', { field: 'fromDay' });
  const days = (toStart.getTime() - from.getTime()) / DAY_MS + 1;
  if (days < 1 || days > AGENT_REPORT_RANGE_DAYS_MAX)
    throw new AppError('VALIDATION_FAILED', { field: 'toDay' });
  return { ...period, from, to: new Date(toStart.getTime() + DAY_MS) };
}

function addPlay(into: PlaySums, add: PlaySums): PlaySums {
  return {
    rounds: into.rounds + add.rounds,
    stakeMinor: into.stakeMinor + add.stakeMinor,
    validBetMinor: into.validBetMinor + add.validBetMinor,
    winMinor: into.winMinor + add.winMinor,
  };
}

function playFigures(play: PlaySums) {
  return {
    rounds: Number(play.rounds),
    betAmount: minorToAmount(play.stakeMinor),
    validBetAmount: minorToAmount(play.validBetMinor),
    winAmount: minorToAmount(play.winMinor),
    profitLoss: minorToAmount(play.winMinor - play.stakeMinor),
  };
}

function figuresOf(play: PlaySums, money: MoneySums): TeamFigures {
  return {
    ...playFigures(play),
    depositAmount: minorToAmount(money.depositMinor),
    depositCount: money.depositCount,
    withdrawalAmount: minorToAmount(money.withdrawalMinor),
    withdrawalCount: money.withdrawalCount,
  };
}

function generatedCode(): string {
  let code = '';
  for (let index = 0; index < GENERATED_CODE_LENGTH; index += 1)
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The agent centre's team pages (issue 18). Authorization rule: the caller is an agent (the
 * route's guard), and every member id a call takes must be in the caller's downline at any
 * depth (`requireInDownline`); a member of another team and an id that does not exist answer
 * the same DOWNLINE_NOT_FOUND. Lists are the caller's own subtree by construction (every query
 * is keyed by the caller as ancestor). Reports read only the rollups.
 */
export function createTeamService(deps: TeamServiceDeps) {
  const { tree, teamRollups } = deps;
  const invitationQrImages = createInvitationQrImages();

  async function requireInDownline(agentId: bigint, memberId: string): Promise<bigint> {
    const id = BigInt(memberId);
    if (!(await tree.isInDownline(agentId, id)))
      throw new AppError('DOWNLINE_NOT_FOUND', { field: 'memberId' });
    return id;
  }

  /** The downline filter of a list query: a drill-down parent must be in the team too. */
  async function filterOf(
    agentId: bigint,
    query: {
      parentId?: string | undefined;
      allLevels?: 'true' | 'false' | undefined;
      level?: number | undefined;
      account?: string | undefined;
    },
  ): Promise<DownlineFilter> {
    const parentId =
      query.parentId !== undefined
        ? await requireInDownline(agentId, query.parentId)
        : query.allLevels === 'true' || query.account !== undefined || query.level !== undefined
          ? undefined
          : agentId;
    return {
      agentId,
      parentId,
      level: query.level,
      accountPrefix: query.account?.normalize('NFKC').toLowerCase(),
    };
  }

  function summed(rows: readonly MemberPlayRow[]): Map<bigint, PlaySums> {
    const sums = new Map<bigint, PlaySums>();
    for (const row of rows) sums.set(row.memberId, addPlay(sums.get(row.memberId) ?? noPlay, row));
    return sums;
  }

  return {
    requireInDownline,

    async teamOverview(merchant: Merchant, agentId: bigint, query: AgentPeriod) {
      const period = checkedPeriod(query);
      const agent = await deps.downline.member(merchant.code, agentId);
      if (!agent) throw new AppError('SESSION_EXPIRED');
      const [levels, categories, money, activeMembers] = await Promise.all([
        tree.countsByLevel(agentId, startOfUtcDay(new Date())),
        teamRollups.teamPlayByCategory(agentId, period),
        teamRollups.teamMoney(agentId, period),
        teamRollups.activeMembers(agentId, period),
      ]);
      const shown: AgentTeamOverview['levels'] = [];
      for (const level of levels) {
        const last = shown[shown.length - 1];
        if (last && last.level === AGENT_LEVELS_SHOWN_MAX) {
          last.total += level.total;
          last.newToday += level.recent;
        } else
          shown.push({
            level: Math.min(level.level, AGENT_LEVELS_SHOWN_MAX),
            total: level.total,
            newToday: level.recent,
          });
      }
      const play = categories.reduce<PlaySums>((sum, row) => addPlay(sum, row), noPlay);
      return {
        account: agent.username,
        currency: merchant.currency,
        period: { fromDay: period.fromDay, toDay: period.toDay },
        downlineTotal: levels.reduce((sum, level) => sum + level.total, 0),
        newToday: levels.reduce((sum, level) => sum + level.recent, 0),
        activeMembers,
        levels: shown,
        figures: figuresOf(play, money),
      } satisfies AgentTeamOverview;
    },

    async downline(
      agentId: bigint,
      query: AgentDownlineQuery,
    ): Promise<CursorPage<DownlineMember>> {
      const filter = await filterOf(agentId, query);
      const page = await tree.downlinePage(
        {
          ...filter,
          status:
            query.status === undefined
              ? undefined
              : query.status === 'active'
                ? 'active'
                : 'disabled',
          registeredFrom: query.fromDay ? new Date(`${query.fromDay}T00:00:00Z`) : undefined,
          registeredTo: query.toDay
            ? new Date(new Date(`${query.toDay}T00:00:00Z`).getTime() + DAY_MS)
            : undefined,
        },
        query,
      );
      const balances = await deps.balancesOf(page.items.map((row) => row.id));
      return {
        nextCursor: page.nextCursor,
        items: page.items.map((row: DownlineRow) => ({
          memberId: row.id.toString(),
          account: row.username,
          type: row.type,
          status: row.status === 'active' ? 'active' : 'locked',
          level: row.level,
          directDownlineCount: row.directDownlineCount,
          balance: minorToAmount(balances.get(row.id) ?? 0n),
          registeredAtMs: row.createdAt.getTime(),
          lastLoginAtMs: row.lastLoginAt?.getTime() ?? null,
        })),
      };
    },

    /**
     * A direct downline becomes an agent of the caller's own type, or a member again when it
     * has no downline of its own; a trial account never changes. The member's sessions end in
     * the same transaction, so the new type applies from the next login.
     */
    async setDownlineType(
      agentId: bigint,
      agentType: number,
      body: { memberId: string; type: number },
    ) {
      const memberId = await requireInDownline(agentId, body.memberId);
      const member = await deps.directory.byId(memberId);
      if (!member || member.uplineMemberId !== agentId)
        throw new AppError('DOWNLINE_NOT_FOUND', { field: 'memberId' });
      const allowed = body.type === memberTypes.member || body.type === agentType;
      if (!allowed || member.type === memberTypes.trial)
        throw new AppError('DOWNLINE_TYPE_NOT_ALLOWED', { field: 'type' });
      if (body.type === memberTypes.member) {
        const below = await tree.countsByLevel(memberId, new Date());
        if (below.length > 0) throw new AppError('DOWNLINE_TYPE_NOT_ALLOWED', { field: 'type' });
      }
      await deps.unitOfWork(async (executor) => {
        await tree.setTypeWithin(executor, memberId, body.type);
        await deps.revokeSessionsWithin(executor, memberId);
      });
      return { memberId: memberId.toString(), type: body.type };
    },

    async registerDownline(
      merchant: Merchant,
      agentId: bigint,
      body: RouteBody<'agentRegisterDownline'>,
      ip: string | null,
    ) {
      const member = await deps.members.registerDownline(
        merchant,
        agentId,
        {
          ...body,
          registerMethod: 'WEB',
          termsAccepted: true,
          login: false,
        } as Parameters<MemberService['registerDownline']>[2],
        { ip },
      );
      return { memberId: member.id.toString(), account: member.username };
    },

    async invitationCodes(merchantCode: string, agentId: bigint) {
      return {
        codes: await deps.downline.affiliateCodesWithRegistrations(
          merchantCode,
          agentId,
          AGENT_INVITATION_CODES_MAX,
        ),
      };
    },

    async saveInvitationCode(
      merchantCode: string,
      agentId: bigint,
      body: { code?: string | undefined; active: boolean },
    ): Promise<InvitationCode> {
      if (body.code !== undefined) {
        const switched = await deps.downline.setCodeActive(
          merchantCode,
          agentId,
          body.code,
          body.active,
        );
        if (switched) return { ...switched, registeredCount: await registeredWith(switched.code) };
      }
      for (let attempt = 0; attempt < GENERATED_CODE_ATTEMPTS; attempt += 1) {
        const created = await deps.downline.createCode(
          merchantCode,
          agentId,
          body.code ?? generatedCode(),
          AGENT_INVITATION_CODES_MAX,
        );
        if (created === 'limit') throw new AppError('AGENT_INVITATION_CODES_LIMIT');
        if (created !== 'taken') return { ...created, registeredCount: 0 };
        if (body.code !== undefined) break;
      }
      throw new AppError('AGENT_INVITATION_CODE_TAKEN', { field: 'code' });

      async function registeredWith(code: string): Promise<number> {
        const codes = await deps.downline.affiliateCodesWithRegistrations(
          merchantCode,
          agentId,
          AGENT_INVITATION_CODES_MAX,
        );
        return codes.find((row) => row.code === code)?.registeredCount ?? 0;
      }
    },

    /**
     * The link of one of the agent's own codes (the registration page of the site the agent
     * is on, with the code) and its QR code; NOT_FOUND for a code that is not theirs.
     */
    async invitationQr(merchantCode: string, agentId: bigint, code: string, origin: string) {
      const codes = await deps.downline.affiliateCodesWithRegistrations(
        merchantCode,
        agentId,
        AGENT_INVITATION_CODES_MAX,
      );
      const own = codes.find((row) => row.code.toLowerCase() === code.toLowerCase());
      if (!own) throw new AppError('NOT_FOUND', { field: 'code' });
      const link = `${origin}/register?affiliateCode=${encodeURIComponent(own.code)}`;
      return { code: own.code, link, image: await invitationQrImages.dataUrlOf(link) };
    },

    async teamBetting(agentId: bigint, query: AgentPeriod & { memberId?: string | undefined }) {
      const period = checkedPeriod(query);
      const rows =
        query.memberId === undefined
          ? await teamRollups.teamPlayByCategory(agentId, period)
          : await deps.membersPlay(
              [await requireInDownline(agentId, query.memberId)],
              period.fromDay,
              period.toDay,
            );
      const total = rows.reduce<PlaySums>((sum, row) => addPlay(sum, row), noPlay);
      return {
        rows: rows.map((row) => ({ gameCategory: row.gameCategory, ...playFigures(row) })),
        total: { gameCategory: 'ALL', ...playFigures(total) },
      };
    },

    async userProfit(
      agentId: bigint,
      query: AgentUserProfitQuery,
    ): Promise<CursorPage<MemberProfitRow>> {
      const period = checkedPeriod(query);
      const page = await tree.downlinePage(await filterOf(agentId, query), query);
      const ids = page.items.map((row) => row.id);
      const [play, money] = await Promise.all([
        deps.membersPlay(ids, period.fromDay, period.toDay),
        teamRollups.membersMoney(ids, period),
      ]);
      const plays = summed(play);
      return {
        nextCursor: page.nextCursor,
        items: page.items.map((row) => ({
          memberId: row.id.toString(),
          account: row.username,
          level: row.level,
          ...figuresOf(plays.get(row.id) ?? noPlay, money.get(row.id) ?? noMoney),
        })),
      };
    },

    async transactions(
      agentId: bigint,
      query: AgentTransactionsQuery,
    ): Promise<CursorPage<DownlineTransaction>> {
      const period = checkedPeriod(query);
      const memberId =
        query.memberId === undefined ? undefined : await requireInDownline(agentId, query.memberId);
      const page = await teamRollups.transactionsPage(
        { ancestorId: agentId, from: period.from, to: period.to, kind: query.kind, memberId },
        query,
      );
      const members = await deps.directory.byIds(page.items.map((row) => row.memberId));
      return {
        nextCursor: page.nextCursor,
        items: page.items.map((row) => ({
          id: `${row.eventId}-${row.memberId}`,
          memberId: row.memberId.toString(),
          account: members.get(row.memberId)?.username ?? '',
          kind: row.kind,
          amount: minorToAmount(row.amountMinor),
          currency: row.currency,
          atMs: row.occurredAt.getTime(),
        })),
      };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
