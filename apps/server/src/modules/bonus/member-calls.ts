import type { BonusView, ClaimableReward, RouteValue } from '@app/contract';
import { minorToAmount } from '@app/contract';
import type { BonusService } from './service.js';
import { bonusView } from './views.js';

/**
 * What another module (promotions) offers a member to claim now, for the reward centre. The
 * bonus engine has no claimable rewards of its own; sources are added at wiring time, so the
 * engine depends on none of them.
 */
export type ClaimableSource = (
  merchantCode: string,
  memberId: bigint,
) => Promise<ClaimableReward[]>;

/** The member's side of the engine: bonus details, the reward centre, forfeit. */
export function createBonusMemberCalls(bonus: BonusService) {
  const claimableSources: ClaimableSource[] = [];
  return {
    addClaimableSource(source: ClaimableSource): void {
      claimableSources.push(source);
    },

    async list(
      memberId: bigint,
      pageNo: number,
      pageSize: number,
    ): Promise<RouteValue<'bonusList'>> {
      const page = await bonus.memberPage(memberId, pageSize, (pageNo - 1) * pageSize);
      return {
        list: page.rows.map(bonusView),
        pageNo,
        pageSize,
        totalCount: page.totalCount,
        totalPages: Math.ceil(page.totalCount / pageSize),
      };
    },

    async rewardCenter(
      merchant: { code: string; currency: string },
      memberId: bigint,
    ): Promise<RouteValue<'rewardCenter'>> {
      const [bonuses, ...claimable] = await Promise.all([
        bonus.memberAll(memberId),
        ...claimableSources.map((source) => source(merchant.code, memberId)),
      ]);
      const running = bonuses.filter((row) => row.status === 'wagering');
      const claimed: BonusView[] = bonuses
        .filter((row) => row.status !== 'wagering')
        .map(bonusView);
      const inCurrency = running.filter((row) => row.currency === merchant.currency);
      const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);
      const remaining = sum(
        inCurrency.map((row) =>
          row.requirementMinor > row.progressMinor ? row.requirementMinor - row.progressMinor : 0n,
        ),
      );
      return {
        currency: merchant.currency,
        claimable: claimable.flat() as ClaimableReward[],
        running: running.map(bonusView),
        claimed,
        runningAmount: minorToAmount(sum(inCurrency.map((row) => row.amountMinor))),
        remainingTurnover: minorToAmount(remaining),
      };
    },

    async forfeit(memberId: bigint, bonusId: string): Promise<BonusView> {
      return bonusView(await bonus.forfeit(memberId, BigInt(bonusId)));
    },
  };
}

export type BonusMemberCalls = ReturnType<typeof createBonusMemberCalls>;
