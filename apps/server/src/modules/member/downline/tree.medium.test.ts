import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addOperator } from '../../../../test/admin-helpers.js';
import {
  closureFromUplines,
  closureRows,
  insertTreeMember,
} from '../../../../test/agent-tree-helpers.js';
import { addMerchant } from '../../../../test/db-helpers.js';
import { callApi, useTestApp } from '../../../../test/test-app.js';
import { backfillMemberTree } from '../../../db/migrations/20261126120000-member-tree.js';
import { createDownlineTree } from './tree.js';

const context = useTestApp();

async function operatorToken(role: 'admin' | 'support' | 'risk'): Promise<string> {
  const username = `tree-${role}`;
  const password = await addOperator(context.database.db, username, role);
  const login = await callApi(context.app, 'POST', '/admin/session/login', {
    body: { username, password },
  });
  expect(login.status).toBe(200);
  return login.body.value.token as string;
}

async function usernameOf(id: bigint): Promise<string> {
  const result = await sql<{ username: string }>`
    SELECT username FROM members WHERE id = ${id.toString()}::bigint`.execute(context.database.db);
  return result.rows[0]?.username ?? '';
}

describe('the downline tree (closure table)', () => {
  it('answers descendants, membership and upline chains for a three-level tree', async () => {
    const db = context.database.db;
    const tree = createDownlineTree(db);
    const top = await insertTreeMember(db, { type: 1 });
    const middle = await insertTreeMember(db, { type: 2, uplineId: top });
    const player = await insertTreeMember(db, { uplineId: middle });
    const other = await insertTreeMember(db, { type: 1 });

    expect(await tree.descendantIds(top)).toEqual([middle, player]);
    expect(await tree.isInDownline(top, player)).toBe(true);
    expect(await tree.isInDownline(middle, player)).toBe(true);
    expect(await tree.isInDownline(player, middle)).toBe(false);
    expect(await tree.isInDownline(other, player)).toBe(false);
    expect(await tree.isInDownline(top, top)).toBe(false);
    const chains = await tree.ancestorChainsOf([player, middle, top]);
    expect(chains.get(player)).toEqual([middle, top]);
    expect(chains.get(middle)).toEqual([top]);
    expect(chains.has(top)).toBe(false);
    // The contracts' chains: the member itself at depth 0, each ancestor with its type.
    const links = await db
      .transaction()
      .execute((trx) => tree.uplineLinksWithin(trx, [player, player]));
    expect(links.sort((a, b) => a.depth - b.depth)).toEqual([
      { memberId: player, ancestorId: player, ancestorType: 0, depth: 0 },
      { memberId: player, ancestorId: middle, ancestorType: 2, depth: 1 },
      { memberId: player, ancestorId: top, ancestorType: 1, depth: 2 },
    ]);
    const levels = await tree.countsByLevel(top, new Date(0));
    expect(levels).toEqual([
      { level: 1, total: 1, recent: 1 },
      { level: 2, total: 1, recent: 1 },
    ]);
  });

  it('stays equal to the uplines walked through random inserts and moves', async () => {
    const db = context.database.db;
    const tree = createDownlineTree(db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 4, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.option(fc.nat())), { maxLength: 8 }),
        async (parents, moves) => {
          const ids: bigint[] = [];
          for (const [index, parent] of parents.entries()) {
            const uplineId = index === 0 ? null : (ids[parent % index] ?? null);
            ids.push(await insertTreeMember(db, { type: 1, uplineId }));
          }
          for (const [memberIndex, target] of moves) {
            const memberId = ids[memberIndex % ids.length] as bigint;
            const uplineId = target === null ? null : (ids[target % ids.length] as bigint);
            await db
              .transaction()
              .execute((trx) => tree.moveWithin(trx, 'DEMO', memberId, uplineId))
              .catch((error: { errorCode?: string }) => {
                // A move under the member's own subtree is refused and changes nothing.
                expect(error.errorCode).toBe('MEMBER_TREE_CYCLE');
              });
          }
          expect(await closureRows(db)).toEqual(await closureFromUplines(db));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('backfills the closure of members that existed before the table (the migration)', async () => {
    const db = context.database.db;
    const top = await insertTreeMember(db, { type: 1 });
    const middle = await insertTreeMember(db, { type: 1, uplineId: top });
    await insertTreeMember(db, { uplineId: middle });
    const expected = await closureRows(db);
    await sql`DELETE FROM member_tree`.execute(db);
    await backfillMemberTree(db as never);
    expect(await closureRows(db)).toEqual(expected);
    expect(expected).toEqual(await closureFromUplines(db));
  });

  it('refuses a cycle even from plain SQL (the trigger checks too)', async () => {
    const db = context.database.db;
    const top = await insertTreeMember(db, { type: 1 });
    const child = await insertTreeMember(db, { type: 1, uplineId: top });
    await expect(
      sql`UPDATE members SET upline_member_id = ${child.toString()}::bigint
        WHERE id = ${top.toString()}::bigint`.execute(db),
    ).rejects.toThrow(/member_tree: cycle/);
  });

  it('moves a subtree as an operator action, audited in the same transaction', async () => {
    const db = context.database.db;
    const token = await operatorToken('admin');
    const oldAgent = await insertTreeMember(db, { type: 1 });
    const newAgent = await insertTreeMember(db, { type: 1 });
    const moved = await insertTreeMember(db, { type: 2, uplineId: oldAgent });
    const below = await insertTreeMember(db, { uplineId: moved });
    const tree = createDownlineTree(db);

    const answer = await callApi(context.app, 'POST', '/admin/members/upline', {
      token,
      body: {
        memberId: moved.toString(),
        uplineAccount: await usernameOf(newAgent),
        reason: 'agent change',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({
      memberId: moved.toString(),
      fromUplineId: oldAgent.toString(),
      toUplineId: newAgent.toString(),
    });
    expect(await tree.isInDownline(newAgent, below)).toBe(true);
    expect(await tree.isInDownline(oldAgent, below)).toBe(false);
    const audit = await sql<{ action: string; before: unknown; after: unknown }>`
      SELECT action, before, after FROM audit_log WHERE subject_id = ${moved.toString()}
    `.execute(db);
    expect(audit.rows).toEqual([
      {
        action: 'member.move-upline',
        before: { uplineMemberId: oldAgent.toString() },
        after: { uplineMemberId: newAgent.toString(), reason: 'agent change' },
      },
    ]);

    // Under its own downline: refused, and nothing is written (no move, no audit entry).
    const cycle = await callApi(context.app, 'POST', '/admin/members/upline', {
      token,
      body: { memberId: newAgent.toString(), uplineAccount: await usernameOf(moved), reason: 'x' },
    });
    expect(cycle.status).toBe(409);
    expect(cycle.body.errorCode).toBe('MEMBER_TREE_CYCLE');
    const plain = await insertTreeMember(db);
    const notAgent = await callApi(context.app, 'POST', '/admin/members/upline', {
      token,
      body: { memberId: moved.toString(), uplineAccount: await usernameOf(plain), reason: 'x' },
    });
    expect(notAgent.body.errorCode).toBe('UPLINE_NOT_AGENT');
    const entries = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM audit_log WHERE action = 'member.move-upline'`.execute(db);
    expect(entries.rows[0]?.count).toBe(1);
    expect(await closureRows(db)).toEqual(await closureFromUplines(db));
  });

  it("answers NOT_FOUND for another merchant's member and refuses roles without the permission", async () => {
    const db = context.database.db;
    await addMerchant(db, 'OTHERTREE');
    const foreign = await insertTreeMember(db, { merchantCode: 'OTHERTREE' });
    const agent = await insertTreeMember(db, { type: 1 });
    const admin = await operatorToken('admin');
    const foreignMove = await callApi(context.app, 'POST', '/admin/members/upline', {
      token: admin,
      body: { memberId: foreign.toString(), uplineAccount: await usernameOf(agent), reason: 'x' },
    });
    expect(foreignMove.status).toBe(404);
    expect(foreignMove.body.errorCode).toBe('NOT_FOUND');
    const support = await operatorToken('support');
    const refused = await callApi(context.app, 'POST', '/admin/members/upline', {
      token: support,
      body: { memberId: agent.toString(), uplineAccount: null, reason: 'x' },
    });
    expect(refused.status).toBe(403);
  });
});
