import { createHash } from 'node:crypto';
import { type AdminBonus, amountToMinor, type BonusStatus, type CursorPage } from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import type { MemberDirectory } from '../member/index.js';
import { BONUS_KEY_MAX_LENGTH } from './grant.js';
import type { BonusService } from './service.js';
import type { Bonus } from './types.js';
import { bonusView } from './views.js';

const DAY_MS = 86_400_000;

/** Who acts in the console, as the audit entry records them. */
export interface BonusOperator {
  merchantCode: string;
  currency: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string;
}

export interface OperatorGrantInput {
  account: string;
  amount: number;
  wageringMultiple: number;
  maxBet?: number | undefined;
  expiresInDays: number;
  reason: string;
  idempotencyKey: string | undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The operators' side of the engine: a bonus granted to a member by hand (the grant, its
 * ledger transfer, its event and the audit entry in ONE transaction) and the merchant's list.
 */
export function createBonusOperatorCalls(deps: {
  bonus: BonusService;
  directory: Pick<MemberDirectory, 'byAccount' | 'byIds'>;
  audit: Pick<AuditService, 'recordWithin'>;
  unitOfWork: UnitOfWork;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  async function withAccounts(rows: Bonus[]): Promise<AdminBonus[]> {
    const members = await deps.directory.byIds([...new Set(rows.map((row) => row.memberId))]);
    return rows.map((row) => ({
      ...bonusView(row),
      memberId: Number(row.memberId),
      account: members.get(row.memberId)?.username ?? '',
    }));
  }

  async function grant(operator: BonusOperator, input: OperatorGrantInput) {
    const key = input.idempotencyKey;
    if (!key) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    if (key.length > BONUS_KEY_MAX_LENGTH) {
      throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key' });
    }
    const member = await deps.directory.byAccount(operator.merchantCode, input.account);
    if (!member || member.merchantCode !== operator.merchantCode) {
      throw new AppError('NOT_FOUND', { field: 'account' });
    }
    const amountMinor = amountToMinor(input.amount);
    const result = await deps.unitOfWork(async (executor: Db) => {
      const granted = await deps.bonus.grantWithin(executor, {
        merchantCode: operator.merchantCode,
        memberId: Number(member.id),
        currency: operator.currency,
        amountMinor,
        requirementMinor: amountMinor * BigInt(input.wageringMultiple),
        maxBetMinor: input.maxBet === undefined ? null : amountToMinor(input.maxBet),
        expiresAtMs: now() + input.expiresInDays * DAY_MS,
        source: { kind: 'operator', refId: `operator:${operator.operatorId}` },
        // Per operator: two operators' keys never meet; hashed to fit any key length.
        idempotencyKey: `operator:${operator.operatorId}:${sha256(key)}`,
      });
      if (!granted.replayed) {
        await deps.audit.recordWithin(executor, {
          merchantCode: operator.merchantCode,
          operatorId: operator.operatorId,
          operatorUsername: operator.operatorUsername,
          operatorRole: operator.operatorRole,
          ip: operator.ip,
          action: 'bonus.grant',
          subjectType: 'member',
          subjectId: member.id.toString(),
          before: null,
          after: {
            bonusId: granted.bonusId,
            amountMinor: amountMinor.toString(),
            wageringMultiple: input.wageringMultiple,
            maxBet: input.maxBet ?? null,
            expiresInDays: input.expiresInDays,
            reason: input.reason,
          },
        });
      }
      return granted;
    });
    const stored = await deps.bonus.find(BigInt(result.bonusId));
    if (!stored) throw new Error(`bonus ${result.bonusId} vanished`);
    const [view] = await withAccounts([stored]);
    return { ...(view as AdminBonus), replayed: result.replayed };
  }

  async function list(
    merchantCode: string,
    query: {
      cursor?: string | undefined;
      limit: number;
      account?: string | undefined;
      status?: BonusStatus | undefined;
    },
  ): Promise<CursorPage<AdminBonus>> {
    let memberId: bigint | undefined;
    if (query.account !== undefined) {
      const member = await deps.directory.byAccount(merchantCode, query.account);
      if (!member || member.merchantCode !== merchantCode) return { items: [], nextCursor: null };
      memberId = member.id;
    }
    const page = await deps.bonus.merchantPage(
      merchantCode,
      {
        ...(memberId === undefined ? {} : { memberId }),
        ...(query.status === undefined ? {} : { status: query.status }),
      },
      { cursor: query.cursor, limit: query.limit },
    );
    return { items: await withAccounts(page.items), nextCursor: page.nextCursor };
  }

  /** Forfeits a running bonus: the closing transfer, its event and the audit entry in one transaction. */
  async function forfeit(operator: BonusOperator, input: { bonusId: string; reason: string }) {
    const bonusId = BigInt(input.bonusId);
    await deps.unitOfWork(async (executor: Db) => {
      const before = await deps.bonus.forfeitWithin(executor, operator.merchantCode, bonusId);
      await deps.audit.recordWithin(executor, {
        merchantCode: operator.merchantCode,
        operatorId: operator.operatorId,
        operatorUsername: operator.operatorUsername,
        operatorRole: operator.operatorRole,
        ip: operator.ip,
        action: 'bonus.forfeit',
        subjectType: 'bonus',
        subjectId: bonusId.toString(),
        before: {
          status: before.status,
          amountMinor: before.amountMinor.toString(),
          progressMinor: before.progressMinor.toString(),
        },
        after: { status: 'forfeited', reason: input.reason },
      });
    });
    const stored = await deps.bonus.find(bonusId);
    if (!stored) throw new Error(`bonus ${bonusId} vanished`);
    const [view] = await withAccounts([stored]);
    return view as AdminBonus;
  }

  return { grant, list, forfeit };
}

export type BonusOperatorCalls = ReturnType<typeof createBonusOperatorCalls>;
