import type { LedgerService } from '../ledger/index.js';
import { houseAccountCode } from '../providers/index.js';

/** Ledger codes: bets count as turnover (withdrawals); the account record shows all three. */
export const LOTTERY_BET_CODE = 'bet';
export const LOTTERY_WIN_CODE = 'win';
export const LOTTERY_REFUND_CODE = 'refund';
/** Account ids remembered per process (cleared when full); they never change once made. */
const ACCOUNT_ID_CACHE_MAX = 10_000;

/**
 * Ledger transfer ids: one per slip (its stake), one per winning slip (the sum of its won bets),
 * one per refunded bet. Slips placed before per-slip settlement were paid per won bet
 * (`winTransferId`).
 */
export const slipTransferId = (slipId: string) => `lottery:slip:${slipId}`;
export const slipWinTransferId = (slipId: string) => `lottery:win:slip:${slipId}`;
export const winTransferId = (betId: bigint) => `lottery:win:${betId}`;
export const refundTransferId = (betId: bigint) => `lottery:refund:${betId}`;

/** The round of one slip in `game_rounds` (the betting record). */
export const slipRoundRef = (slipId: string) => `lottery:slip:${slipId}`;
/** The round of one bet of a slip placed before per-slip rounds. */
export const betRoundRef = (betId: bigint) => `lottery:${betId}`;

/**
 * The two accounts of lottery money: the member's cash (demo cash for trial accounts, like any
 * game) and the house account of the game's vendor, sharded by member like the game houses.
 */
export function createLotteryAccounts(ledger: LedgerService) {
  const cache = new Map<string, bigint>();
  async function cached(key: string, make: () => Promise<bigint>): Promise<bigint> {
    const known = cache.get(key);
    if (known !== undefined) return known;
    const id = await make();
    if (cache.size >= ACCOUNT_ID_CACHE_MAX) cache.clear();
    cache.set(key, id);
    return id;
  }
  return {
    async of(input: {
      merchantCode: string;
      memberId: bigint;
      currency: string;
      vassalage: string;
    }): Promise<{ memberAccountId: bigint; houseAccountId: bigint }> {
      const { merchantCode, memberId, currency, vassalage } = input;
      // One after the other, never together: a request then waits for at most one pooled
      // connection, which the load shedding's pool bound counts on. Together, the first slips
      // of 64 players after a start queued 128 queries, and some were refused with 503.
      const memberAccountId = await cached(`m:${merchantCode}:${memberId}:${currency}`, () =>
        ledger.memberAccount({ merchantCode, memberId, asset: 'cash', currency }),
      );
      const houseAccountId = await cached(
        `h:${merchantCode}:${vassalage}:${currency}:${memberId}`,
        () =>
          ledger.systemAccount({
            merchantCode,
            code: houseAccountCode(vassalage),
            asset: 'cash',
            currency,
            shardKey: memberId.toString(),
          }),
      );
      return { memberAccountId, houseAccountId };
    },

    /**
     * `of` for many members of one merchant and currency at once (a settlement chunk's
     * winners): the members missing from the cache in one ledger call, the house accounts in
     * one lookup per house shard. Answers each member's pair by member id.
     */
    async ofMany(input: {
      merchantCode: string;
      memberIds: readonly bigint[];
      currency: string;
      vassalage: string;
    }): Promise<Map<bigint, { memberAccountId: bigint; houseAccountId: bigint }>> {
      const { merchantCode, currency, vassalage } = input;
      const memberKey = (memberId: bigint) => `m:${merchantCode}:${memberId}:${currency}`;
      const houseKey = (memberId: bigint) =>
        `h:${merchantCode}:${vassalage}:${currency}:${memberId}`;
      const memberIds = [...new Set(input.memberIds)];
      const missingMembers = memberIds.filter((id) => !cache.has(memberKey(id)));
      const missingHouses = memberIds.filter((id) => !cache.has(houseKey(id)));
      const [members, houses] = await Promise.all([
        ledger.memberAccounts({ merchantCode, memberIds: missingMembers, asset: 'cash', currency }),
        ledger.systemAccountsByShardKey({
          merchantCode,
          code: houseAccountCode(vassalage),
          asset: 'cash',
          currency,
          shardKeys: missingHouses.map((id) => id.toString()),
        }),
      ]);
      const answer = new Map<bigint, { memberAccountId: bigint; houseAccountId: bigint }>();
      for (const memberId of memberIds) {
        const memberAccountId = cache.get(memberKey(memberId)) ?? members.get(memberId);
        const houseAccountId = cache.get(houseKey(memberId)) ?? houses.get(memberId.toString());
        if (memberAccountId === undefined || houseAccountId === undefined) {
          throw new Error(`lottery: no ledger account for member ${memberId}`);
        }
        answer.set(memberId, { memberAccountId, houseAccountId });
      }
      // A chunk with more members than the cache holds is answered but not remembered.
      if (2 * memberIds.length > ACCOUNT_ID_CACHE_MAX) return answer;
      if (cache.size + 2 * memberIds.length > ACCOUNT_ID_CACHE_MAX) cache.clear();
      for (const [memberId, pair] of answer) {
        cache.set(memberKey(memberId), pair.memberAccountId);
        cache.set(houseKey(memberId), pair.houseAccountId);
      }
      return answer;
    },
  };
}

export type LotteryAccounts = ReturnType<typeof createLotteryAccounts>;
