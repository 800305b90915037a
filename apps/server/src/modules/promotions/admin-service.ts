import { randomBytes } from 'node:crypto';
import {
  type AdminApplication,
  type AdminPromotion,
  type AdminPromotionParticipant,
  type CursorPage,
  minorToAmount,
  type PromotionCategory,
  type PromotionInput,
  type PromotionRunState,
  type PromotionTakeMode,
} from '@app/contract';
import { hashServerSeed } from '@app/game-math';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import { plainText, sanitizeOperatorHtml } from '../content/index.js';
import type { PromotionBonusState } from './bonus-port.js';
import type { ApplicationRow, ParticipantRow, PromotionRow, PromotionWrite } from './repository.js';
import { issueRewardWithin, type RewardDeps, rewardKeyOf } from './rewards.js';
import {
  promotionProblem,
  rewardInputOf,
  storedRewardOf,
  storedWageringOf,
  wageringInputOf,
} from './rules.js';
import type { ParticipationStatus } from './status.js';

/** Who acts, as the audit log records them. */
export interface PromotionActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string;
}

export interface PromotionsAdminDeps extends RewardDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  audit: AuditService;
  currencyOf(merchantCode: string): Promise<string>;
  accountsOf(memberIds: readonly bigint[]): Promise<Map<bigint, string>>;
}

function auditFields(actor: PromotionActor) {
  return {
    merchantCode: actor.merchantCode,
    operatorId: actor.operatorId,
    operatorUsername: actor.operatorUsername,
    operatorRole: actor.operatorRole,
    ip: actor.ip,
  };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', { field: 'id' });
}

/** The promotion as the console edits it (never the raffle's seed before its draw). */
export function adminPromotionOf(row: PromotionRow): AdminPromotion {
  return {
    id: row.id.toString(),
    category: row.category as PromotionCategory,
    takeMode: row.takeMode as PromotionTakeMode,
    texts: row.texts,
    bannerUrl: row.bannerUrl,
    groupName: row.groupName,
    startsAtMs: row.startsAt.getTime(),
    endsAtMs: row.endsAt.getTime(),
    sortOrder: row.sortOrder,
    qualifier: row.qualifier,
    reward: rewardInputOf(row.reward, row.raffleDrawAt?.getTime() ?? null),
    wagering: wageringInputOf(row.wagering),
    state: row.state,
    raffleSeedHash: row.raffleSeedHash,
    raffleDrawn: row.raffleDrawnAt !== null,
    updatedAtMs: row.updatedAt.getTime(),
  };
}

/** Sanitizes the texts (HTML kept safe, titles plain) and turns amounts into minor units. */
export function promotionWriteOf(input: PromotionInput): PromotionWrite {
  const texts: PromotionWrite['texts'] = {};
  for (const [language, text] of Object.entries(input.texts)) {
    if (!text) continue;
    texts[language] = {
      title: plainText(text.title),
      content: sanitizeOperatorHtml(text.content),
      terms: sanitizeOperatorHtml(text.terms),
    };
  }
  return {
    category: input.category,
    takeMode: input.takeMode,
    texts,
    bannerUrl: input.bannerUrl,
    groupName: input.groupName,
    startsAt: new Date(input.startsAtMs),
    endsAt: new Date(input.endsAtMs),
    sortOrder: input.sortOrder,
    qualifier: input.qualifier,
    reward: storedRewardOf(input.reward),
    wagering: storedWageringOf(input.wagering),
    raffleDrawAt: input.reward.kind === 'raffle' ? new Date(input.reward.drawAtMs) : null,
  };
}

/** A participation row with its member's account and its bonus (when the engine answers). */
function participantOf(
  row: ParticipantRow,
  accounts: Map<bigint, string>,
  bonuses: Map<string, PromotionBonusState> | undefined,
): AdminPromotionParticipant {
  const bonus = row.bonusId ? bonuses?.get(row.bonusId) : undefined;
  return {
    id: row.id.toString(),
    memberId: row.memberId.toString(),
    account: accounts.get(row.memberId) ?? '',
    joinedAtMs: row.createdAt.getTime(),
    status: row.status,
    period: row.period,
    rewardAmount: minorToAmount(row.rewardMinor),
    bonusId: row.bonusId,
    bonusStatus: bonus?.status ?? null,
    bonusIssuedAmount: bonus ? minorToAmount(bonus.amountMinor) : null,
    bonusConvertedAmount: bonus
      ? minorToAmount(bonus.status === 'converted' ? bonus.amountMinor : 0n)
      : null,
  };
}

export function createPromotionsAdminService(deps: PromotionsAdminDeps) {
  const { repository, audit } = deps;

  async function applicationsOf(
    rows: readonly ApplicationRow[],
    merchantCode: string,
  ): Promise<AdminApplication[]> {
    const accounts = await deps.accountsOf(rows.map((row) => row.memberId));
    const titles = new Map<bigint, string>();
    for (const id of new Set(rows.map((row) => row.promotionId))) {
      const promotion = await repository.find(deps.db, merchantCode, id);
      titles.set(id, promotion ? (Object.values(promotion.texts)[0]?.title ?? '') : '');
    }
    return rows.map((row) => ({
      id: row.id.toString(),
      promotionId: row.promotionId.toString(),
      promotionTitle: titles.get(row.promotionId) ?? '',
      memberId: row.memberId.toString(),
      account: accounts.get(row.memberId) ?? '',
      comment: row.comment,
      status: row.status,
      rejectReason: row.rejectReason,
      imageIds: row.imageIds,
      createdAtMs: row.createdAt.getTime(),
      decidedAtMs: row.decidedAt?.getTime() ?? null,
    }));
  }

  return {
    async list(
      actor: PromotionActor,
      category: PromotionCategory | undefined,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<AdminPromotion>> {
      const result = await repository.adminPage(actor.merchantCode, category, page);
      return { items: result.items.map(adminPromotionOf), nextCursor: result.nextCursor };
    },

    /**
     * Creates or edits a promotion with its audit entry in one transaction. A raffle commits
     * to its seed when created (the hash is public from then on); a drawn raffle is final.
     */
    async save(actor: PromotionActor, input: PromotionInput): Promise<AdminPromotion> {
      const problem = promotionProblem(input);
      if (problem) throw new AppError('PROMOTION_INVALID', { field: problem });
      const write = promotionWriteOf(input);
      return deps.unitOfWork(async (trx) => {
        if (input.id === undefined) {
          const seed = input.reward.kind === 'raffle' ? randomBytes(32).toString('hex') : null;
          const created = await repository.insertPromotion(
            trx,
            actor.merchantCode,
            write,
            seed ? { seed, seedHash: hashServerSeed(seed) } : null,
          );
          const after = adminPromotionOf(created);
          await audit.recordWithin(trx, {
            ...auditFields(actor),
            action: 'promotion.create',
            subjectType: 'promotion',
            subjectId: after.id,
            before: null,
            after,
          });
          return after;
        }
        const before = await repository.find(trx, actor.merchantCode, BigInt(input.id), true);
        if (!before) throw notFound();
        if (before.raffleDrawnAt !== null) throw new AppError('PROMOTION_INVALID', { field: 'id' });
        if ((before.reward.kind === 'raffle') !== (input.reward.kind === 'raffle')) {
          throw new AppError('PROMOTION_INVALID', { field: 'reward' });
        }
        const after = adminPromotionOf(await repository.updatePromotion(trx, before.id, write));
        await audit.recordWithin(trx, {
          ...auditFields(actor),
          action: 'promotion.update',
          subjectType: 'promotion',
          subjectId: after.id,
          before: adminPromotionOf(before),
          after,
        });
        return after;
      });
    },

    async setState(
      actor: PromotionActor,
      id: string,
      state: PromotionRunState,
    ): Promise<AdminPromotion> {
      return deps.unitOfWork(async (trx) => {
        const before = await repository.find(trx, actor.merchantCode, BigInt(id), true);
        if (!before) throw notFound();
        if (before.state === 'ended' && state !== 'ended') {
          throw new AppError('PROMOTION_INVALID', { field: 'state' });
        }
        const after = adminPromotionOf(await repository.setState(trx, before.id, state));
        await audit.recordWithin(trx, {
          ...auditFields(actor),
          action: 'promotion.state',
          subjectType: 'promotion',
          subjectId: after.id,
          before: { state: before.state },
          after: { state },
        });
        return after;
      });
    },

    /** Participants by status and what was issued; bonus outcomes from the bonus engine. */
    async report(actor: PromotionActor, id: string) {
      const promotion = await repository.find(deps.db, actor.merchantCode, BigInt(id));
      if (!promotion) throw notFound();
      const counts = await repository.statusCounts(promotion.id);
      const issued = counts.filter((row) => row.status === 'issued' || row.status === 'claimed');
      const totals = await deps.bonus?.totalsOfSource?.(
        actor.merchantCode,
        promotion.id.toString(),
      );
      return {
        participants: counts.reduce((sum, row) => sum + row.count, 0),
        byStatus: Object.fromEntries(counts.map((row) => [row.status, row.count])),
        rewardsIssued: issued.reduce((sum, row) => sum + row.count, 0),
        issuedAmount: minorToAmount(issued.reduce((sum, row) => sum + row.rewardMinor, 0n)),
        bonusConvertedAmount: totals ? minorToAmount(totals.convertedMinor) : null,
        bonusForfeitedAmount: totals ? minorToAmount(totals.forfeitedMinor) : null,
        bonusActiveAmount: totals ? minorToAmount(totals.activeMinor) : null,
        bonusExpiredAmount: totals ? minorToAmount(totals.expiredMinor) : null,
      };
    },

    /** A draft's texts through the save's sanitizer: the editor previews what players will get. */
    preview(text: { title: string; content: string; terms: string }) {
      return {
        title: plainText(text.title),
        content: sanitizeOperatorHtml(text.content),
        terms: sanitizeOperatorHtml(text.terms),
      };
    },

    /**
     * One promotion's participants, newest first, with the bonus each was granted: how much and
     * how much of it became cash. Another merchant's promotion answers as one that does not exist.
     */
    async participants(
      merchantCode: string,
      query: {
        id: string;
        status?: ParticipationStatus | undefined;
        cursor?: string | undefined;
        limit: number;
      },
    ): Promise<CursorPage<AdminPromotionParticipant>> {
      const promotion = await repository.find(deps.db, merchantCode, BigInt(query.id));
      if (!promotion) throw notFound();
      const result = await repository.participantsPage(
        merchantCode,
        promotion.id,
        query.status,
        query,
      );
      const bonusIds = result.items.flatMap((row) => (row.bonusId ? [row.bonusId] : []));
      const [accounts, bonuses] = await Promise.all([
        deps.accountsOf(result.items.map((row) => row.memberId)),
        deps.bonus?.bonusesOf?.(merchantCode, bonusIds),
      ]);
      return {
        items: result.items.map((row) => participantOf(row, accounts, bonuses)),
        nextCursor: result.nextCursor,
      };
    },

    async applications(
      actor: PromotionActor,
      status: 'pending' | 'approved' | 'rejected',
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<AdminApplication>> {
      const result = await repository.applicationsPage(actor.merchantCode, status, page);
      return {
        items: await applicationsOf(result.items, actor.merchantCode),
        nextCursor: result.nextCursor,
      };
    },

    async image(actor: PromotionActor, id: string) {
      const image = await repository.applicationImage(actor.merchantCode, id);
      if (!image) throw notFound();
      return {
        contentType: image.kind === 'png' ? ('image/png' as const) : ('image/jpeg' as const),
        base64: image.bytes.toString('base64'),
      };
    },

    /**
     * Approves (the reward issued) or rejects (with the reason the player reads) one pending
     * application: the application, the participation, the reward and the audit entry commit
     * together.
     */
    async decide(
      actor: PromotionActor,
      input: { id: string; decision: 'approve' | 'reject'; reason?: string },
    ): Promise<AdminApplication> {
      const currency = await deps.currencyOf(actor.merchantCode);
      const decided = await deps.unitOfWork(async (trx) => {
        const application = await repository.lockApplication(
          trx,
          actor.merchantCode,
          BigInt(input.id),
        );
        if (!application) throw notFound();
        if (application.status !== 'pending')
          throw new AppError('PROMOTION_APPLICATION_NOT_PENDING');
        const promotion = await repository.find(trx, actor.merchantCode, application.promotionId);
        if (!promotion) throw notFound();
        const participation = (
          await repository.lockParticipations(trx, promotion.id, [application.memberId])
        )[0];
        const reason = input.decision === 'reject' ? plainText(input.reason ?? '') : null;
        let rewardMinor = 0n;
        if (input.decision === 'approve') {
          const issued = await issueRewardWithin(deps, trx, {
            promotion,
            memberId: application.memberId,
            currency,
            depositMinor: null,
            key: rewardKeyOf(promotion.id, application.memberId, ''),
          });
          rewardMinor = issued?.rewardMinor ?? 0n;
          if (participation) {
            await repository.updateParticipation(trx, participation.id, {
              status: 'issued',
              ...(issued ?? {}),
            });
          }
        } else if (participation) {
          await repository.updateParticipation(trx, participation.id, {
            status: 'rejected',
            rejectReason: reason,
          });
        }
        const status = input.decision === 'approve' ? 'approved' : 'rejected';
        await repository.decideApplication(trx, application.id, {
          status,
          reason,
          operatorId: actor.operatorId,
        });
        await audit.recordWithin(trx, {
          ...auditFields(actor),
          action: `promotion.application.${input.decision}`,
          subjectType: 'promotion-application',
          subjectId: application.id.toString(),
          before: { status: 'pending' },
          after: {
            status,
            reason,
            rewardMinor: rewardMinor.toString(),
            memberId: application.memberId.toString(),
          },
        });
        return {
          ...application,
          status,
          rejectReason: reason,
          decidedAt: new Date(deps.now()),
        } as ApplicationRow;
      });
      return (await applicationsOf([decided], actor.merchantCode))[0] as AdminApplication;
    },
  };
}

export type PromotionsAdminService = ReturnType<typeof createPromotionsAdminService>;
