import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { eventsOf } from '../../../test/event-helpers.js';
import { BASE_CURRENCY, BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember, ledgerBreaks } from '../../../test/money-helpers.js';
import { useTestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { createServices } from '../../services.js';
import { appendEvents, createEventsService } from '../events/index.js';
import type { BonusGrant } from './index.js';

const context = useTestApp();
const DAY_MS = 86_400_000;

function grantFor(memberId: bigint, key: string, overrides: Partial<BonusGrant> = {}): BonusGrant {
  return {
    merchantCode: BASE_MERCHANT_CODE,
    memberId: Number(memberId),
    currency: BASE_CURRENCY,
    amountMinor: 10_000n,
    requirementMinor: 50_000n,
    maxBetMinor: 2_000n,
    expiresAtMs: Date.now() + 7 * DAY_MS,
    source: { kind: 'operator', refId: `test:${key}` },
    idempotencyKey: key,
    ...overrides,
  };
}

async function grant(db: Db, grantInput: BonusGrant) {
  const { bonus } = createServices(db);
  return db.transaction().execute((trx) => bonus.grantWithin(trx, grantInput));
}

/** The member's available balance in a wallet (main cash or the bonus wallet). */
async function walletMinor(db: Db, memberId: bigint, wallet: string): Promise<bigint> {
  const result = await sql<{ available: bigint }>`
    SELECT balance_minor - held_minor AS available FROM ledger_accounts
     WHERE member_id = ${memberId} AND asset = 'cash' AND wallet = ${wallet}
  `.execute(db);
  return result.rows[0]?.available ?? 0n;
}

/** A `round.settled` event as the providers append it. */
function settled(
  memberId: bigint,
  category: 'RNG' | 'INHOUSE',
  validBetMinor: bigint,
  ref: string,
) {
  return {
    type: 'round.settled' as const,
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      memberId: memberId.toString(),
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: 'INH',
      gameCode: null,
      gameCategory: category,
      roundRef: ref,
      currency: BASE_CURRENCY,
      stakeMinor: validBetMinor.toString(),
      validBetMinor: validBetMinor.toString(),
      winMinor: '0',
      settledAt: new Date().toISOString(),
    },
  };
}

async function runWagering(db: Db) {
  const { bonus } = createServices(db);
  await createEventsService(db, { consumers: [bonus.consumer] }).runAll();
}

describe('bonus grants', () => {
  it('credits the bonus wallet with one transfer, a row and bonus.granted; a replay moves nothing', async () => {
    const { db } = context.database;
    const member = await fundedMember(context.app, db, 0, 'bonusa');
    const first = await grant(db, grantFor(member.id, 'grant-a'));
    expect(first.replayed).toBe(false);
    expect(await walletMinor(db, member.id, 'bonus')).toBe(10_000n);
    const again = await grant(db, grantFor(member.id, 'grant-a'));
    expect(again).toEqual({ bonusId: first.bonusId, replayed: true });
    expect(await walletMinor(db, member.id, 'bonus')).toBe(10_000n);
    const granted = await eventsOf(db, 'bonus.granted', member.id);
    expect(granted).toHaveLength(1);
    expect(granted[0]?.payload).toMatchObject({ bonusId: first.bonusId, amountMinor: '10000' });
    await expect(
      grant(db, grantFor(member.id, 'grant-a', { amountMinor: 20_000n })),
    ).rejects.toMatchObject({ errorCode: 'IDEMPOTENCY_CONFLICT' });
    expect(await ledgerBreaks(db)).toEqual([]);
  });

  it("rolls back with the caller's transaction", async () => {
    const { db } = context.database;
    const member = await fundedMember(context.app, db, 0, 'bonusb');
    const { bonus } = createServices(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await bonus.grantWithin(trx, grantFor(member.id, 'grant-b'));
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await walletMinor(db, member.id, 'bonus')).toBe(0n);
    expect(await eventsOf(db, 'bonus.granted', member.id)).toHaveLength(0);
  });

  it('refuses an invalid grant', async () => {
    const { db } = context.database;
    const member = await fundedMember(context.app, db, 0, 'bonusc');
    await expect(
      grant(db, grantFor(member.id, 'grant-c', { amountMinor: 0n })),
    ).rejects.toMatchObject({ errorCode: 'BONUS_GRANT_INVALID' });
    await expect(
      grant(db, grantFor(member.id, 'grant-c', { expiresAtMs: Date.now() - 1 })),
    ).rejects.toMatchObject({ errorCode: 'BONUS_GRANT_INVALID' });
  });
});

describe('wagering', () => {
  it('counts valid bets by category weight and converts the bonus to cash when met', async () => {
    const { db } = context.database;
    const member = await fundedMember(context.app, db, 0, 'bonusd');
    const { bonusId } = await grant(db, grantFor(member.id, 'grant-d'));
    // Slots count 100 %, Dice (in-house) 10 %.
    await db
      .transaction()
      .execute((trx) =>
        appendEvents(trx, [
          settled(member.id, 'RNG', 20_000n, 'd1'),
          settled(member.id, 'INHOUSE', 100_000n, 'd2'),
        ]),
      );
    await runWagering(db);
    const { bonus } = createServices(db);
    expect((await bonus.find(BigInt(bonusId)))?.progressMinor).toBe(30_000n);
    expect(await walletMinor(db, member.id, 'main')).toBe(0n);
    await db
      .transaction()
      .execute((trx) => appendEvents(trx, [settled(member.id, 'RNG', 25_000n, 'd3')]));
    await runWagering(db);
    const converted = await bonus.find(BigInt(bonusId));
    expect(converted).toMatchObject({ status: 'converted', progressMinor: 50_000n });
    expect(await walletMinor(db, member.id, 'main')).toBe(10_000n);
    expect(await walletMinor(db, member.id, 'bonus')).toBe(0n);
    expect(await eventsOf(db, 'bonus.converted', member.id)).toHaveLength(1);
    expect(await ledgerBreaks(db)).toEqual([]);
  });

  it('forfeit and expiry give the bonus back with one transfer each', async () => {
    const { db } = context.database;
    const member = await fundedMember(context.app, db, 0, 'bonuse');
    const { bonus } = createServices(db);
    const kept = await grant(db, grantFor(member.id, 'grant-e1'));
    const expiring = await grant(
      db,
      grantFor(member.id, 'grant-e2', { expiresAtMs: Date.now() + 60_000 }),
    );
    await bonus.forfeit(member.id, BigInt(kept.bonusId));
    await expect(bonus.forfeit(member.id, BigInt(kept.bonusId))).rejects.toMatchObject({
      errorCode: 'BONUS_NOT_OPEN',
    });
    expect(await bonus.expireDue(new Date(Date.now() + 120_000))).toBeGreaterThanOrEqual(1);
    expect((await bonus.find(BigInt(expiring.bonusId)))?.status).toBe('expired');
    expect(await walletMinor(db, member.id, 'bonus')).toBe(0n);
    expect(await walletMinor(db, member.id, 'main')).toBe(0n);
    expect(await eventsOf(db, 'bonus.closed', member.id)).toHaveLength(2);
    expect(await ledgerBreaks(db)).toEqual([]);
  });
});
