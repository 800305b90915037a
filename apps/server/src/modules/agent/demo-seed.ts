import { gameCategories } from '@app/contract';
import type { Db } from '../../db/database.js';
import { appendEvents, type NewEvent } from '../events/index.js';

/** Days of simulated play the demo team gets (a few weeks of reports). */
export const DEMO_TEAM_PLAY_DAYS = 21;
/** Settled rounds per player and day in the simulation. */
const DEMO_ROUNDS_PER_PLAYER_DAY = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A small deterministic generator, so every fresh demo shows the same figures. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Simulated settled rounds of the demo team's players over the last weeks, appended as
 * `round.settled` events without rounds behind them (demo data): the play rollups and the team
 * rollups consumers sum them at their settlement time, as they would real rounds, so the demo
 * agent's reports show real figures. No money moves: balances are untouched.
 */
export async function seedDemoTeamPlay(
  db: Db,
  merchantCode: string,
  currency: string,
  playerIds: readonly bigint[],
  nowMs = Date.now(),
): Promise<void> {
  const random = generator(2026);
  const events: NewEvent[] = [];
  const categories = gameCategories.filter((category) => category !== 'LOTT');
  for (const [playerIndex, memberId] of playerIds.entries()) {
    for (let day = DEMO_TEAM_PLAY_DAYS; day >= 0; day -= 1) {
      for (let round = 0; round < DEMO_ROUNDS_PER_PLAYER_DAY; round += 1) {
        if (random() < 0.3) continue;
        const stakeMinor = BigInt(Math.round(10 + random() * 490)) * 1_000n;
        const winMinor =
          random() < 0.45 ? (stakeMinor * BigInt(Math.round(150 + random() * 150))) / 100n : 0n;
        const settledAtMs = nowMs - day * DAY_MS - Math.round(random() * (DAY_MS - 60_000));
        events.push({
          type: 'round.settled',
          merchantCode,
          memberId,
          payload: {
            memberId: memberId.toString(),
            merchantCode,
            vassalage: 'DEMO_SIM',
            gameCode: null,
            gameCategory: categories[(playerIndex + round) % categories.length] ?? 'RNG',
            roundRef: `demo-team-${memberId}-${day}-${round}`,
            currency,
            stakeMinor: stakeMinor.toString(),
            validBetMinor: stakeMinor.toString(),
            winMinor: winMinor.toString(),
            settledAt: new Date(Math.min(settledAtMs, nowMs)).toISOString(),
          },
        });
      }
    }
  }
  await db.transaction().execute((trx) => appendEvents(trx, events));
}
