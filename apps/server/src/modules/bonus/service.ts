import { minorToAmount } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { LedgerService, ReconciliationBreak } from '../ledger/index.js';
import { createBonusAccounts } from './accounts.js';
import { grantWithin } from './grant.js';
import { createBonusRepository } from './repository.js';
import { closeBonusWithin, type TransitionDeps } from './transitions.js';
import type { Bonus, BonusGrant, BonusGrantResult } from './types.js';
import { createWageringConsumer } from './wagering.js';

/** Bonuses the expiry job closes per run (each its own transaction). */
export const BONUS_EXPIRY_BATCH = 200;
/** Most bonuses the reward centre reads for one member (newest first). */
export const REWARD_CENTRE_BONUSES_MAX = 100;

/** What still has to be wagered on a member's open bonuses of one currency. */
export interface OpenRequirement {
  open: number;
  requirementMinor: bigint;
  progressMinor: bigint;
  remainingMinor: bigint;
}

/** The bonus engine (docs/bonus-engine.md). */
export interface BonusService {
  /** Grants a bonus in the caller's transaction (see `grant.ts`). */
  grantWithin(trx: Db, grant: BonusGrant): Promise<BonusGrantResult>;
  /** The member gives up an open bonus: its money goes back, its requirement ends. */
  forfeit(memberId: bigint, bonusId: bigint): Promise<Bonus>;
  /**
   * An operator forfeits a merchant's running bonus in the caller's transaction (with its audit
   * entry); answers the bonus as it was. Another merchant's bonus is BONUS_NOT_FOUND.
   */
  forfeitWithin(executor: Db, merchantCode: string, bonusId: bigint): Promise<Bonus>;
  /** Closes wagering bonuses past their expiry; answers how many (the pg-boss job). */
  expireDue(now?: Date): Promise<number>;
  /** What the member still has to wager in a currency, read in the caller's transaction. */
  openRequirementWithin(executor: Db, memberId: bigint, currency: string): Promise<OpenRequirement>;
  /**
   * Refuses (BONUS_WAGERING_OPEN, with the remaining turnover) a withdrawal while a bonus of
   * that currency is wagering; the payments module calls it in the withdrawal's transaction.
   */
  assertWithdrawableWithin(executor: Db, memberId: bigint, currency: string): Promise<void>;
  /**
   * Refuses (BONUS_MAX_BET_EXCEEDED, with the limit) a stake above the max bet of the member's
   * wagering bonuses in that currency; one indexed probe, on the bet's own transaction.
   */
  assertStakeAllowedWithin(
    executor: Db,
    memberId: bigint,
    currency: string,
    stakeMinor: bigint,
  ): Promise<void>;
  memberPage(
    memberId: bigint,
    limit: number,
    offset: number,
  ): Promise<{ rows: Bonus[]; totalCount: number }>;
  memberAll(memberId: bigint): Promise<Bonus[]>;
  find(id: bigint): Promise<Bonus | undefined>;
  /** A merchant's bonuses by id; ids of another merchant's bonuses are left out. */
  findMany(merchantCode: string, ids: readonly bigint[]): Promise<Bonus[]>;
  merchantPage: ReturnType<typeof createBonusRepository>['merchantPage'];
  saveMerchantWeights: ReturnType<typeof createBonusRepository>['saveMerchantWeights'];
  /** What one source (a promotion) granted, by outcome, in minor units (its cost report). */
  totalsOfSource(
    merchantCode: string,
    source: { kind: Bonus['sourceKind']; refId: string },
  ): Promise<BonusSourceTotals>;
  /** The stream consumer that counts valid bets toward open bonuses. */
  consumer: ReturnType<typeof createWageringConsumer>;
  /** The bonus wallets against the open bonuses (ledger.reconcile registers it). */
  findBreaks(): Promise<ReconciliationBreak[]>;
}

/** A source's bonuses by outcome: granted is the sum of all of them. */
export interface BonusSourceTotals {
  grantedMinor: bigint;
  convertedMinor: bigint;
  forfeitedMinor: bigint;
  expiredMinor: bigint;
  activeMinor: bigint;
}

export function createBonusService(
  db: Db,
  deps: { ledger: LedgerService; now?: () => number },
): BonusService {
  const repository = createBonusRepository(db);
  const now = deps.now ?? Date.now;
  const accountsOf = createBonusAccounts(deps.ledger);
  const transitions: TransitionDeps = { repository, ledger: deps.ledger, accountsOf };

  async function openRequirementWithin(executor: Db, memberId: bigint, currency: string) {
    const sums = await repository.openRequirement(executor, memberId, currency);
    const remaining = sums.requirementMinor - sums.progressMinor;
    return { ...sums, remainingMinor: remaining > 0n ? remaining : 0n };
  }

  async function closeOne(bonusId: bigint, closing: 'expired' | 'forfeited', memberId?: bigint) {
    return db.transaction().execute(async (trx) => {
      const bonus = await repository.lock(trx, bonusId);
      if (!bonus || (memberId !== undefined && bonus.memberId !== memberId)) {
        throw new AppError('BONUS_NOT_FOUND');
      }
      await closeBonusWithin(transitions, trx, bonus, closing);
      return { ...bonus, status: closing, closedAt: new Date(now()) } satisfies Bonus;
    });
  }

  return {
    grantWithin: (trx, grant) => grantWithin(transitions, trx, grant, now()),
    forfeit: (memberId, bonusId) => closeOne(bonusId, 'forfeited', memberId),
    async forfeitWithin(executor, merchantCode, bonusId) {
      const bonus = await repository.lock(executor, bonusId);
      if (!bonus || bonus.merchantCode !== merchantCode) throw new AppError('BONUS_NOT_FOUND');
      await closeBonusWithin(transitions, executor, bonus, 'forfeited');
      return bonus;
    },
    async expireDue(at = new Date(now())) {
      const ids = await repository.expiredIds(at, BONUS_EXPIRY_BATCH);
      let expired = 0;
      for (const id of ids) {
        try {
          await closeOne(id, 'expired');
          expired += 1;
        } catch (error) {
          // Converted or forfeited meanwhile: nothing left to expire.
          if (!(error instanceof AppError && error.errorCode === 'BONUS_NOT_OPEN')) throw error;
        }
      }
      return expired;
    },
    openRequirementWithin,
    async assertWithdrawableWithin(executor, memberId, currency) {
      const open = await openRequirementWithin(executor, memberId, currency);
      if (open.open > 0) {
        throw new AppError('BONUS_WAGERING_OPEN', {
          requiredAmount: minorToAmount(open.requirementMinor),
          doneAmount: minorToAmount(open.progressMinor),
          remainingAmount: minorToAmount(open.remainingMinor),
        });
      }
    },
    async assertStakeAllowedWithin(executor, memberId, currency, stakeMinor) {
      const maxBetMinor = await repository.maxBetMinor(executor, memberId, currency);
      if (maxBetMinor !== null && stakeMinor > maxBetMinor) {
        throw new AppError('BONUS_MAX_BET_EXCEEDED', { maxBetAmount: minorToAmount(maxBetMinor) });
      }
    },
    memberPage: (memberId, limit, offset) => repository.memberPage(memberId, limit, offset),
    memberAll: (memberId) => repository.memberAll(memberId, REWARD_CENTRE_BONUSES_MAX),
    find: (id) => repository.find(db, id),
    findMany: (merchantCode, ids) => repository.findMany(merchantCode, ids),
    merchantPage: repository.merchantPage,
    saveMerchantWeights: repository.saveMerchantWeights,
    async totalsOfSource(merchantCode, source) {
      const rows = await repository.totalsBySource(merchantCode, source.kind, source.refId);
      const of = (status: Bonus['status']) =>
        rows.find((row) => row.status === status)?.amount ?? 0n;
      return {
        grantedMinor: rows.reduce((sum, row) => sum + row.amount, 0n),
        convertedMinor: of('converted'),
        forfeitedMinor: of('forfeited'),
        expiredMinor: of('expired'),
        activeMinor: of('wagering'),
      };
    },
    consumer: createWageringConsumer(transitions),
    async findBreaks() {
      const open = await repository.openAmountsByMember();
      const breaks: ReconciliationBreak[] = [];
      for (const row of open) {
        const accounts = await accountsOf(row.merchant_code, row.member_id, row.currency);
        const [account] = await deps.ledger.findAccounts([accounts.bonusAccountId]);
        const balance = account ? account.balanceMinor : 0n;
        if (balance !== row.open) {
          breaks.push({
            invariant: 'bonus-wallet-equals-open-bonuses',
            subject: `member ${row.member_id} ${row.currency}`,
            detail: `bonus wallet ${balance}, open bonuses ${row.open}`,
          });
        }
      }
      return breaks;
    },
  };
}
