import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../../test/event-helpers.js';
import {
  balanceOf,
  fundedMember,
  ledgerBreaks,
  PAYMENT_PASSWORD,
  type TestMember,
} from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { maskAccount } from './service.js';

describe('transfers between members', () => {
  // The limits of these tests are the merchant's, not the per-member rate limit's.
  const context = useTestApp({ rateLimit: async () => {} });
  let agent: TestMember;

  async function makeAgent(funds: number) {
    const member = await fundedMember(context.app, context.database.db, funds, 'agent');
    await sql`UPDATE members SET type = 1 WHERE id = ${member.id.toString()}::bigint`.execute(
      context.database.db,
    );
    // Sessions carry the type they were issued with; the agent calls read it there.
    await sql`UPDATE sessions SET member_type = 1 WHERE member_id = ${member.id.toString()}::bigint`.execute(
      context.database.db,
    );
    return member;
  }

  async function downlineOf(upline: TestMember, funds: number) {
    const member = await fundedMember(context.app, context.database.db, funds, 'down');
    await sql`UPDATE members SET upline_member_id = ${upline.id.toString()}::bigint WHERE id = ${member.id.toString()}::bigint`.execute(
      context.database.db,
    );
    return member;
  }

  function toUpline(
    member: TestMember,
    amount: number,
    key?: string,
    paymentPassword = PAYMENT_PASSWORD,
  ) {
    return callApi(context.app, 'POST', '/wps/member/transfer/upline', {
      token: member.token,
      body: { amount, paymentPassword },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  function toDownline(from: TestMember, downlineAccount: string, amount: number, key?: string) {
    return callApi(context.app, 'POST', '/wps/agent/transfer/downline', {
      token: from.token,
      body: { downlineAccount, amount, paymentPassword: PAYMENT_PASSWORD },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  beforeAll(async () => {
    agent = await makeAgent(1_000_000);
  });

  it('moves cash to the upline once per key, with both sides in the ledger', async () => {
    const player = await downlineOf(agent, 300_000);
    const info = await callApi(context.app, 'GET', '/wps/member/transfer/upline', {
      token: player.token,
    });
    expect(info.body.value).toMatchObject({
      uplineAccountMasked: maskAccount(agent.username),
      minAmount: 10_000,
      maxAmount: 50_000_000,
    });
    expect(info.body.value.uplineAccountMasked).not.toBe(agent.username);

    const agentBefore = await balanceOf(context.app, agent.token);
    const sent = await toUpline(player, 100_000, 'up-1');
    expect(sent.status).toBe(200);
    expect(sent.body.value).toMatchObject({
      direction: 'upline',
      amount: 100_000,
      counterpartAccount: maskAccount(agent.username),
    });
    const replay = await toUpline(player, 100_000, 'up-1');
    expect(replay.body.value.transferId).toBe(sent.body.value.transferId);
    expect((await toUpline(player, 90_000, 'up-1')).status).toBe(422);
    expect(await balanceOf(context.app, player.token)).toBe(200_000);
    expect(await balanceOf(context.app, agent.token)).toBe(agentBefore + 100_000);

    const entries = await sql<{ reference: string; member_id: bigint; amount_minor: bigint }>`
      SELECT t.reference, a.member_id, e.amount_minor FROM ledger_transfers t
      JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.id = ${`member-transfer:${sent.body.value.transferId}`} ORDER BY e.amount_minor
    `.execute(context.database.db);
    expect(entries.rows).toEqual([
      {
        reference: `from:${player.username};to:${agent.username}`,
        member_id: BigInt(player.id),
        amount_minor: -10000000n,
      },
      {
        reference: `from:${player.username};to:${agent.username}`,
        member_id: BigInt(agent.id),
        amount_minor: 10000000n,
      },
    ]);
    expect(await ledgerBreaks(context.database.db)).toEqual([]);
  });

  it('offers the transfer page only to a member with an upline (member info toUpline)', async () => {
    const player = await downlineOf(agent, 0);
    const orphan = await fundedMember(context.app, context.database.db, 0);
    const infoOf = async (member: TestMember) =>
      (await callApi(context.app, 'GET', '/wps/member/info', { token: member.token })).body.value;
    expect(await infoOf(player)).toMatchObject({ toUpline: true });
    expect(await infoOf(orphan)).toMatchObject({ toUpline: false });
  });

  it('refuses a wrong payment password, no upline, limits, trial accounts and overdrafts', async () => {
    const player = await downlineOf(agent, 60_000);
    expect((await toUpline(player, 20_000, undefined, '000000')).body.errorCode).toBe(
      'PAYMENT_PASSWORD_INVALID',
    );
    expect((await toUpline(player, 5_000)).body.errorCode).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await toUpline(player, 60_000_000)).body.errorCode).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await toUpline(player, 60_000.01)).body.errorCode).toBe('INSUFFICIENT_FUNDS');
    const orphan = await fundedMember(context.app, context.database.db, 50_000);
    expect((await toUpline(orphan, 20_000)).body.errorCode).toBe('TRANSFER_RECIPIENT_INVALID');
    const trial = await downlineOf(agent, 50_000);
    await sql`UPDATE members SET type = 4 WHERE id = ${trial.id.toString()}::bigint`.execute(
      context.database.db,
    );
    expect((await toUpline(trial, 20_000)).body.errorCode).toBe('TRIAL_ACCOUNT');
    expect(await balanceOf(context.app, player.token)).toBe(60_000);
  });

  it('keeps to the daily cap', async () => {
    await sql`UPDATE transfer_settings SET max_amount_minor = 10000000, daily_max_minor = 15000000`.execute(
      context.database.db,
    );
    try {
      const player = await downlineOf(agent, 500_000);
      expect((await toUpline(player, 100_000, 'cap-1')).status).toBe(200);
      expect((await toUpline(player, 50_000, 'cap-2')).status).toBe(200);
      const over = await toUpline(player, 10_000, 'cap-3');
      expect(over.body.errorCode).toBe('TRANSFER_DAILY_LIMIT');
      expect(await balanceOf(context.app, player.token)).toBe(350_000);
    } finally {
      await sql`UPDATE transfer_settings SET max_amount_minor = 5000000000, daily_max_minor = 20000000000`.execute(
        context.database.db,
      );
    }
  });

  it('lets an agent pay only its direct downlines, with one answer for every other account', async () => {
    const direct = await downlineOf(agent, 0);
    const paid = await toDownline(agent, direct.username, 25_000, 'down-1');
    expect(paid.status).toBe(200);
    expect(paid.body.value).toMatchObject({
      direction: 'downline',
      counterpartAccount: direct.username,
    });
    expect(await balanceOf(context.app, direct.token)).toBe(25_000);

    const indirect = await downlineOf(direct, 0);
    const otherAgent = await makeAgent(0);
    const theirs = await downlineOf(otherAgent, 0);
    const answers = await Promise.all([
      toDownline(agent, indirect.username, 10_000),
      toDownline(agent, theirs.username, 10_000),
      toDownline(agent, 'nosuchuser42', 10_000),
      toDownline(agent, agent.username, 10_000),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.errorCode).toBe('TRANSFER_RECIPIENT_INVALID');
    }
    // A member who is not an agent has no downlines to pay: the agent guard refuses the call.
    const notAgent = await downlineOf(agent, 50_000);
    const sneaky = await downlineOf(notAgent, 0);
    expect((await toDownline(notAgent, sneaky.username, 10_000)).body.errorCode).toBe('NOT_AGENT');
  });

  it('never overdraws when many transfers race from one wallet', async () => {
    const player = await downlineOf(agent, 100_000);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => toUpline(player, 10_000, `race-${index}`)),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok).toHaveLength(10);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.body.errorCode).toBe('INSUFFICIENT_FUNDS');
    }
    expect(await balanceOf(context.app, player.token)).toBe(0);
    const rows = await sql<{ count: bigint }>`
      SELECT count(*) AS count FROM member_transfers WHERE from_member_id = ${player.id.toString()}::bigint
    `.execute(context.database.db);
    expect(rows.rows[0]?.count).toBe(10n);
    expect(await ledgerBreaks(context.database.db)).toEqual([]);
  });

  it('finishes a transfer a crash cut short when the same key is retried', async () => {
    const player = await downlineOf(agent, 100_000);
    // As if the process died after recording the transfer and before the ledger moved money.
    const id = '00000000-0000-4000-8000-000000000001';
    await sql`
      INSERT INTO member_transfers (id, merchant_code, from_member_id, to_member_id, direction,
        amount_minor, currency, status, idempotency_key)
      VALUES (${id}, 'DEMO', ${player.id.toString()}::bigint, ${agent.id.toString()}::bigint,
        'upline', 3000000, 'VND', 'pending', 'cut-1')
    `.execute(context.database.db);
    const retried = await toUpline(player, 30_000, 'cut-1');
    expect(retried.status).toBe(200);
    expect(retried.body.value.transferId).toBe(id);
    expect(await balanceOf(context.app, player.token)).toBe(70_000);
    expect((await toUpline(player, 30_000, 'cut-1')).status).toBe(200);
    expect(await balanceOf(context.app, player.token)).toBe(70_000);
  });

  it('appends one member-transfer.completed event with the money, none for a replay', async () => {
    const player = await downlineOf(agent, 100_000);
    const sent = await toUpline(player, 20_000, 'event-1');
    expect(sent.status).toBe(200);
    expect((await toUpline(player, 20_000, 'event-1')).status).toBe(200);
    const events = await eventsOf(context.database.db, 'member-transfer.completed', player.id);
    expect(events).toEqual([
      {
        merchantCode: 'DEMO',
        payload: {
          transferId: sent.body.value.transferId,
          memberId: player.id.toString(),
          toMemberId: agent.id.toString(),
          direction: 'upline',
          currency: 'VND',
          amountMinor: '2000000',
        },
      },
    ]);
  });

  it('appends no event and keeps no row when the ledger refuses the transfer', async () => {
    const player = await downlineOf(agent, 10_000);
    expect((await toUpline(player, 20_000, 'refused-1')).status).toBe(409);
    expect(await eventsOf(context.database.db, 'member-transfer.completed', player.id)).toEqual([]);
  });
});
