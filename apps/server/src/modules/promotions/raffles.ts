import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { drawRaffle } from './raffle-draw.js';
import type { PromotionsRepository } from './repository.js';

/** Raffles one run of the draw job takes (the job runs every minute). */
export const RAFFLE_DRAWS_PER_RUN = 20;

/**
 * Draws every raffle whose time has come, each in one transaction on its locked row: winners
 * from the committed seed (`raffle-draw.ts`), their participations made claimable, the draw
 * marked. A raffle drawn by another instance meanwhile is skipped under the lock.
 */
export function createRaffleDrawer(deps: {
  db: Db;
  unitOfWork: UnitOfWork;
  repository: PromotionsRepository;
  now(): number;
}) {
  const { repository } = deps;
  async function drawOne(merchantCode: string, id: bigint): Promise<boolean> {
    return deps.unitOfWork(async (trx) => {
      const raffle = await repository.find(trx, merchantCode, id, true);
      if (
        !raffle ||
        raffle.raffleDrawnAt !== null ||
        raffle.reward.kind !== 'raffle' ||
        !raffle.raffleSeed
      ) {
        return false;
      }
      const holders = await repository.ticketHolders(trx, raffle.id);
      const winners = drawRaffle(
        raffle.raffleSeed,
        raffle.id,
        holders,
        raffle.reward.prizesMinor.map((prize) => BigInt(prize)),
      );
      await repository.insertWinners(
        trx,
        raffle.id,
        winners.map((winner) => ({
          ...winner,
          promotionId: raffle.id,
          claimedAt: null,
          transferId: null,
        })),
      );
      const rows = await repository.lockParticipations(
        trx,
        raffle.id,
        winners.map((winner) => winner.memberId),
      );
      for (const row of rows)
        await repository.updateParticipation(trx, row.id, { status: 'claimable' });
      await repository.markDrawn(trx, raffle.id, new Date(deps.now()));
      return true;
    });
  }
  return {
    /** Draws the raffles that are due; answers how many were drawn. */
    async drawDue(): Promise<number> {
      const due = await repository.dueRaffles(new Date(deps.now()), RAFFLE_DRAWS_PER_RUN);
      let drawn = 0;
      for (const raffle of due) if (await drawOne(raffle.merchantCode, raffle.id)) drawn += 1;
      return drawn;
    },
  };
}
