import { randomBytes } from 'node:crypto';
import { type PromotionInput, promotionInputSchema } from '@app/contract';
import { hashServerSeed } from '@app/game-math';
import type { Db } from '../../db/database.js';
import { promotionWriteOf } from './admin-service.js';
import { createPromotionsRepository } from './repository.js';

/** A promotion to seed: the console's input without an id (amounts in major units). */
export type PromotionSeed = Omit<z_input, 'id'>;
type z_input = import('zod').input<typeof promotionInputSchema>;

/**
 * Seeds a merchant's promotions once: a merchant that has any promotion already is left alone
 * (the operator may have edited them). Raffles commit to a fresh seed, as the console does.
 */
export async function seedPromotions(
  db: Db,
  merchantCode: string,
  seeds: readonly PromotionSeed[],
): Promise<void> {
  const repository = createPromotionsRepository(db);
  const existing = await repository.adminPage(merchantCode, undefined, { limit: 1 });
  if (existing.items.length > 0) return;
  await db.transaction().execute(async (trx) => {
    for (const seed of seeds) {
      const input: PromotionInput = promotionInputSchema.parse(seed);
      const raffleSeed = input.reward.kind === 'raffle' ? randomBytes(32).toString('hex') : null;
      await repository.insertPromotion(
        trx,
        merchantCode,
        promotionWriteOf(input),
        raffleSeed ? { seed: raffleSeed, seedHash: hashServerSeed(raffleSeed) } : null,
      );
    }
  });
}
