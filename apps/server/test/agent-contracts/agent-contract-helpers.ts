import type { GameCategory } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { appendEvents, type NewEvent } from '../../src/modules/events/index.js';
import { setMemberType } from '../db-helpers.js';
import { BASE_CURRENCY, BASE_MERCHANT_CODE } from '../fixtures/base-merchant.js';
import { callApi, uniqueUsername } from '../test-app.js';

export const PASSWORD = 'secret123';

/** Turns every contract switch of the fixture merchant on (before the first call reads it). */
export async function enableContractSwitches(db: Db): Promise<void> {
  await sql`
    UPDATE merchants SET white_label = white_label
      || '{"dividend": true, "dailySalary": true, "hourlySalary": true, "realTimeSalary": true, "commission": true}'::jsonb
    WHERE code = ${BASE_MERCHANT_CODE}
  `.execute(db);
}

export interface TreeMember {
  id: bigint;
  username: string;
  token: string;
}

/** A registered member with a session; `type` 1 makes it an agent; `upline` places it in a tree. */
export async function treeMember(
  app: FastifyInstance,
  db: Db,
  type: number,
  upline?: TreeMember,
): Promise<TreeMember> {
  const username = uniqueUsername(type === 0 ? 'player' : 'agent');
  const registered = await callApi(app, 'PUT', '/wps/member/register', {
    body: { username, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status).toBe(200);
  const id = await setMemberType(db, username, type);
  if (upline) {
    await sql`UPDATE members SET upline_member_id = ${upline.id.toString()}::bigint WHERE id = ${id.toString()}::bigint`.execute(
      db,
    );
  }
  return { id, username, token: registered.body.value.session.token as string };
}

/** Settled rounds of a member, as the seamless wallet and the lottery append them. */
export async function settleRounds(
  db: Db,
  member: { id: bigint },
  rounds: ReadonlyArray<{
    stakeMinor: bigint;
    winMinor: bigint;
    settledAt: Date;
    gameCategory?: GameCategory;
  }>,
): Promise<void> {
  const events: NewEvent[] = rounds.map((round, index) => ({
    type: 'round.settled',
    merchantCode: BASE_MERCHANT_CODE,
    memberId: member.id,
    payload: {
      memberId: member.id.toString(),
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: 'INH',
      gameCode: 'dice',
      gameCategory: round.gameCategory ?? 'INHOUSE',
      roundRef: `ac-${member.id}-${round.settledAt.getTime()}-${index}-${Math.random()}`,
      currency: BASE_CURRENCY,
      stakeMinor: round.stakeMinor.toString(),
      validBetMinor: round.stakeMinor.toString(),
      winMinor: round.winMinor.toString(),
      settledAt: round.settledAt.toISOString(),
    },
  }));
  await db.transaction().execute((trx) => appendEvents(trx, events));
}

/** Moves a contract's acceptance back in time, so that earlier periods are owed. */
export async function backdateContracts(db: Db, days: number): Promise<void> {
  await sql`
    UPDATE agent_contracts SET decided_at = now() - make_interval(days => ${days}),
      offered_at = now() - make_interval(days => ${days})
  `.execute(db);
}

/** The start of the UTC day `daysAgo` days before today, plus `hours`. */
export function utcDay(daysAgo: number, hours = 12): Date {
  const today = new Date();
  return new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo, hours),
  );
}

/** The member's main cash balance in minor units (0 without an account). */
export async function cashBalance(db: Db, memberId: bigint): Promise<bigint> {
  const result = await sql<{ balance: bigint }>`
    SELECT coalesce(sum(balance_minor), 0)::bigint AS balance FROM ledger_accounts
    WHERE member_id = ${memberId.toString()}::bigint AND asset = 'cash'
  `.execute(db);
  return BigInt(result.rows[0]?.balance ?? 0n);
}

/** Contract payments in the ledger: transfer id and amount. */
export async function contractTransfers(db: Db) {
  const result = await sql<{ id: string; amount_minor: bigint; code: string }>`
    SELECT id, amount_minor, code FROM ledger_transfers WHERE id LIKE 'agent-contract:%' ORDER BY id
  `.execute(db);
  return result.rows;
}

export const dailyTerms = (...tiers: Array<[number, number]>) => ({
  tiers: tiers.map(([betAmount, rate]) => ({ betAmount, rate })),
});
