import { type GameCategory, gameCategories } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_CURRENCY, BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember } from '../../../test/money-helpers.js';
import { useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { appendEvents, createEventsService, type NewEvent } from '../events/index.js';
import { DEFAULT_CATEGORY_WEIGHTS_PERCENT } from './index.js';

const context = useTestApp();
const DAY_MS = 86_400_000;
/** High enough that no sequence meets it: the property is about counting, not converting. */
const REQUIREMENT_MINOR = 10n ** 15n;

/** One step of play as the stream carries it: a bet, a win, a refund or rollback, a settlement. */
const playStep = fc.oneof(
  fc.record({
    kind: fc.constant('settled' as const),
    category: fc.constantFrom<GameCategory>(...gameCategories),
    stakeMinor: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    refundedPercent: fc.integer({ min: 0, max: 100 }),
    winMinor: fc.bigInt({ min: 0n, max: 10n ** 10n }),
    otherMember: fc.boolean(),
    otherCurrency: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('bet' as const, 'win' as const, 'refund' as const),
    amountMinor: fc.bigInt({ min: 1n, max: 10n ** 9n }),
  }),
);

describe('wagering progress (property)', () => {
  it('equals the weighted sum of the member’s valid bets since the bonus, whatever else happens', async () => {
    const { db } = context.database;
    const other = await fundedMember(context.app, db, 0, 'propother');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(playStep, { maxLength: 25 }),
        fc.array(playStep, { maxLength: 5 }),
        async (afterGrant, beforeGrant) => {
          run += 1;
          const member = await fundedMember(context.app, db, 0, 'prop');
          const { bonus } = createServices(db);
          let counter = 0;
          const toEvents = (steps: typeof afterGrant): NewEvent[] =>
            steps.map((step) => {
              counter += 1;
              const roundRef = `prop-${run}-${counter}`;
              if (step.kind !== 'settled') {
                const type = {
                  bet: 'game.bet-placed',
                  win: 'game.win-paid',
                  refund: 'game.bet-refunded',
                }[step.kind] as 'game.bet-placed';
                return {
                  type,
                  merchantCode: BASE_MERCHANT_CODE,
                  memberId: member.id,
                  payload: {
                    memberId: member.id.toString(),
                    vassalage: 'SBX',
                    roundRef,
                    transactionId: roundRef,
                    currency: BASE_CURRENCY,
                    amountMinor: step.amountMinor.toString(),
                  },
                };
              }
              const who = step.otherMember ? other.id : member.id;
              // The providers' valid bet: the stake less what was refunded.
              const validBet =
                step.stakeMinor - (step.stakeMinor * BigInt(step.refundedPercent)) / 100n;
              return {
                type: 'round.settled',
                merchantCode: BASE_MERCHANT_CODE,
                memberId: who,
                payload: {
                  memberId: who.toString(),
                  merchantCode: BASE_MERCHANT_CODE,
                  vassalage: 'SBX',
                  gameCode: null,
                  gameCategory: step.category,
                  roundRef,
                  currency: step.otherCurrency ? 'USD' : BASE_CURRENCY,
                  stakeMinor: step.stakeMinor.toString(),
                  validBetMinor: validBet.toString(),
                  winMinor: step.winMinor.toString(),
                  settledAt: new Date().toISOString(),
                },
              };
            });
          // Play before the bonus: settled before its grant, so it must not count.
          const early = toEvents(beforeGrant).map((event) =>
            event.type === 'round.settled'
              ? {
                  ...event,
                  payload: {
                    ...event.payload,
                    settledAt: new Date(Date.now() - DAY_MS).toISOString(),
                  },
                }
              : event,
          );
          if (early.length > 0) await db.transaction().execute((trx) => appendEvents(trx, early));
          const { bonusId } = await db.transaction().execute((trx) =>
            bonus.grantWithin(trx, {
              merchantCode: BASE_MERCHANT_CODE,
              memberId: Number(member.id),
              currency: BASE_CURRENCY,
              amountMinor: 1_000n,
              requirementMinor: REQUIREMENT_MINOR,
              maxBetMinor: null,
              expiresAtMs: Date.now() + DAY_MS,
              source: { kind: 'operator', refId: 'property' },
              idempotencyKey: `property-${run}`,
            }),
          );
          const events = toEvents(afterGrant);
          // Appended in a few transactions, so the consumer sees them in several batches.
          for (let index = 0; index < events.length; index += 7) {
            const chunk = events.slice(index, index + 7);
            await db.transaction().execute((trx) => appendEvents(trx, chunk));
          }
          await createEventsService(db, { consumers: [bonus.consumer] }).runAll();

          let expected = 0n;
          for (const event of events) {
            if (event.type !== 'round.settled') continue;
            const payload = event.payload;
            if (payload.memberId !== member.id.toString() || payload.currency !== BASE_CURRENCY)
              continue;
            const weight = BigInt(DEFAULT_CATEGORY_WEIGHTS_PERCENT[payload.gameCategory]);
            expected += (BigInt(payload.validBetMinor) * weight) / 100n;
          }
          expect((await bonus.find(BigInt(bonusId)))?.progressMinor).toBe(expected);
        },
      ),
      { numRuns: 15 },
    );
  });
});
