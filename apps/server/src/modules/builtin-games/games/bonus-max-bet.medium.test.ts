import { builtinGameCodes } from '@app/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BASE_CURRENCY, BASE_MERCHANT_CODE } from '../../../../test/fixtures/base-merchant.js';
import { availableMinor } from '../../../../test/seamless-helpers.js';
import type { Db } from '../../../db/database.js';
import { createServices } from '../../../services.js';
import { createEventsService } from '../../events/index.js';
import { useEnginePlayers } from '../test/engine-players.js';

const DAY_MS = 86_400_000;

describe('the max bet on the bet path, and Dice counting 10 %', () => {
  const { context, player, play } = useEnginePlayers(
    [builtinGameCodes.dice, builtinGameCodes.mines],
    'INHOUSE',
    'bon',
  );

  const grantWithMaxBet = (db: Db, memberId: bigint, maxBetMinor: bigint) =>
    db.transaction().execute((trx) =>
      createServices(db).bonus.grantWithin(trx, {
        merchantCode: BASE_MERCHANT_CODE,
        memberId: Number(memberId),
        currency: BASE_CURRENCY,
        amountMinor: 5_000n,
        requirementMinor: 100_000n,
        maxBetMinor,
        expiresAtMs: Date.now() + DAY_MS,
        source: { kind: 'operator', refId: 'test' },
        idempotencyKey: `max-bet-${memberId}`,
      }),
    );

  it('refuses a Mines round above the max bet with the instant round error, and opens one within it', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(builtinGameCodes.mines, 100_000n);
    await grantWithMaxBet(db, memberId, 2_000n);
    const before = await availableMinor(db, memberId);
    const refused = await play(gameSession, { stake: 25, mineCount: 3 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      errorCode: 'BONUS_MAX_BET_EXCEEDED',
      details: { maxBetAmount: 20 },
    });
    expect(refused.body.message).toContain('20.00');
    expect(await availableMinor(db, memberId)).toBe(before);
    const rounds = await sql<{ n: bigint }>`
      SELECT count(*) AS n FROM builtin_rounds WHERE member_id = ${memberId}
    `.execute(db);
    expect(rounds.rows[0]?.n).toBe(0n);

    const allowed = await play(gameSession, { stake: 20, mineCount: 3 });
    expect(allowed.status).toBe(200);
    expect(allowed.body.value.round.status).toBe('open');
    expect(await availableMinor(db, memberId)).toBe(before - 2_000n);
  });

  it('refuses a Dice stake above the max bet while a bonus is wagering, and counts the allowed one at 10 %', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(builtinGameCodes.dice, 100_000n);
    const { bonus } = createServices(db);
    const { bonusId } = await db.transaction().execute((trx) =>
      bonus.grantWithin(trx, {
        merchantCode: BASE_MERCHANT_CODE,
        memberId: Number(memberId),
        currency: BASE_CURRENCY,
        amountMinor: 5_000n,
        requirementMinor: 100_000n,
        maxBetMinor: 2_000n,
        expiresAtMs: Date.now() + DAY_MS,
        source: { kind: 'operator', refId: 'test' },
        idempotencyKey: `max-bet-${memberId}`,
      }),
    );
    const before = await availableMinor(db, memberId);
    const refused = await play(gameSession, { stake: 25, target: 50, direction: 'over' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      errorCode: 'BONUS_MAX_BET_EXCEEDED',
      details: { maxBetAmount: 20 },
    });
    expect(refused.body.message).toContain('20.00');
    expect(await availableMinor(db, memberId)).toBe(before);

    const allowed = await play(gameSession, { stake: 20, target: 50, direction: 'over' });
    expect(allowed.status).toBe(200);
    await createEventsService(db, { consumers: [bonus.consumer] }).runAll();
    // Dice is an in-house game: 10 % of the 20.00 valid bet.
    expect((await bonus.find(BigInt(bonusId)))?.progressMinor).toBe(200n);

    await bonus.forfeit(memberId, BigInt(bonusId));
    const free = await play(gameSession, { stake: 25, target: 50, direction: 'over' });
    expect(free.status).toBe(200);
  });
});
