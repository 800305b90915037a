import { DASHBOARD_RANGE_MAX_MS, minorToAmount } from '@app/contract';
import { AppError } from '../../http/app-error.js';

/**
 * What the dashboard reads from other modules (their index.ts services): payments for money in
 * and out and the queues, play rollups for bets and wins, the member directory for players.
 */
export interface DashboardSources {
  paymentTotals(
    merchantCode: string,
    from: Date,
    to: Date,
  ): Promise<{
    depositsMinor: bigint;
    withdrawalsMinor: bigint;
    pendingDeposits: number;
    pendingWithdrawals: number;
    openWithdrawalCases: number;
  }>;
  playTotals(
    merchantCode: string,
    fromDay: string,
    toDay: string,
  ): Promise<{
    categories: Array<{
      gameCategory: string;
      rounds: bigint;
      stakeMinor: bigint;
      winMinor: bigint;
    }>;
    activeMembers: number;
  }>;
  newMembers(merchantCode: string, from: Date, to: Date): Promise<number>;
}

/** Bonuses granted in a period: none until the promotions module exists. */
const BONUSES_MINOR = 0n;

function utcDayOf(timeMs: number): string {
  return new Date(timeMs).toISOString().slice(0, 10);
}

/**
 * The dashboard over [fromMs, toMs). Money in and out and new players are exact to the
 * millisecond; bets and wins come from the daily rollups, so they cover the whole UTC days the
 * period touches.
 */
export function createDashboard(sources: DashboardSources) {
  return async (input: {
    merchantCode: string;
    currency: string;
    fromMs: number;
    toMs: number;
  }) => {
    const { merchantCode, fromMs, toMs } = input;
    if (toMs <= fromMs || toMs - fromMs > DASHBOARD_RANGE_MAX_MS) {
      throw new AppError('DATE_RANGE_INVALID');
    }
    const from = new Date(fromMs);
    const to = new Date(toMs);
    const [money, play, newPlayers] = await Promise.all([
      sources.paymentTotals(merchantCode, from, to),
      sources.playTotals(merchantCode, utcDayOf(fromMs), utcDayOf(toMs - 1)),
      sources.newMembers(merchantCode, from, to),
    ]);
    const betsMinor = play.categories.reduce((sum, row) => sum + row.stakeMinor, 0n);
    const winsMinor = play.categories.reduce((sum, row) => sum + row.winMinor, 0n);
    const ggrMinor = betsMinor - winsMinor;
    return {
      currency: input.currency,
      totals: {
        deposits: minorToAmount(money.depositsMinor),
        withdrawals: minorToAmount(money.withdrawalsMinor),
        bets: minorToAmount(betsMinor),
        wins: minorToAmount(winsMinor),
        ggr: minorToAmount(ggrMinor),
        bonuses: minorToAmount(BONUSES_MINOR),
        ngr: minorToAmount(ggrMinor - BONUSES_MINOR),
        newPlayers,
        activePlayers: play.activeMembers,
      },
      categories: play.categories.map((row) => ({
        category: row.gameCategory,
        bets: minorToAmount(row.stakeMinor),
        wins: minorToAmount(row.winMinor),
        ggr: minorToAmount(row.stakeMinor - row.winMinor),
        betCount: Number(row.rounds),
      })),
      pending: {
        deposits: money.pendingDeposits,
        withdrawals: money.pendingWithdrawals,
        withdrawalCases: money.openWithdrawalCases,
      },
    };
  };
}

export type Dashboard = ReturnType<typeof createDashboard>;
