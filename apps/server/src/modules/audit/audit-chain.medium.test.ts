import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { enrolledOperator } from '../../../test/admin-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createAuditService } from './index.js';

const context = useTestApp();

function entry(merchantCode: string, subjectId: string, after: unknown = { n: subjectId }) {
  return {
    merchantCode,
    operatorId: 1n,
    operatorUsername: 'chain',
    operatorRole: 'admin',
    action: 'test.chain',
    subjectType: 'test',
    subjectId,
    before: null,
    after,
    ip: '::ffff:10.0.0.1',
  };
}

/** Runs `statement` with the append-only trigger off, as someone with the table's owner rights would. */
async function tamper(statement: ReturnType<typeof sql>) {
  await context.database.db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`.execute(trx);
    await statement.execute(trx);
    await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`.execute(trx);
  });
}

async function idsOf(merchantCode: string): Promise<string[]> {
  const rows = await context.database.db
    .selectFrom('audit_log')
    .select('id')
    .where('merchant_code', '=', merchantCode)
    .orderBy('id')
    .execute();
  return rows.map((row) => String(row.id));
}

describe('the audit hash chain', () => {
  it('holds under concurrent writers, one chain per merchant', async () => {
    const audit = createAuditService(context.database.db);
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        audit.record(
          entry(index % 2 === 0 ? 'chain-a' : 'chain-b', `s${index}`, {
            index,
            nested: { b: 1, a: [2] },
          }),
        ),
      ),
    );
    expect(await audit.verify('chain-a')).toEqual({
      valid: true,
      checkedCount: 20,
      firstBrokenId: null,
    });
    expect(await audit.verify('chain-b')).toEqual({
      valid: true,
      checkedCount: 20,
      firstBrokenId: null,
    });
  });

  it('names the edited entry when a row is changed with SQL', async () => {
    const audit = createAuditService(context.database.db);
    for (let index = 0; index < 5; index += 1) await audit.record(entry('chain-edit', `e${index}`));
    const ids = await idsOf('chain-edit');
    const edited = ids[2] as string;
    await tamper(sql`UPDATE audit_log SET after = '{"n":"forged"}' WHERE id = ${edited}`);
    expect(await audit.verify('chain-edit')).toEqual({
      valid: false,
      checkedCount: 2,
      firstBrokenId: edited,
    });
  });

  it('names the entry after a deleted one, and the head when the last one is deleted', async () => {
    const audit = createAuditService(context.database.db);
    for (let index = 0; index < 4; index += 1)
      await audit.record(entry('chain-delete', `d${index}`));
    const ids = await idsOf('chain-delete');
    await tamper(sql`DELETE FROM audit_log WHERE id = ${ids[1] as string}`);
    expect(await audit.verify('chain-delete')).toMatchObject({
      valid: false,
      firstBrokenId: ids[2],
    });

    for (let index = 0; index < 3; index += 1) await audit.record(entry('chain-tail', `t${index}`));
    const tail = await idsOf('chain-tail');
    await tamper(sql`DELETE FROM audit_log WHERE id = ${tail[2] as string}`);
    expect(await audit.verify('chain-tail')).toEqual({
      valid: false,
      checkedCount: 2,
      firstBrokenId: tail[2],
    });
  });
});

describe('the audit log calls', () => {
  it('filters, pages by key and verifies through the API', async () => {
    const { token } = await enrolledOperator(context.app, context.database.db, 'auditor', 'admin');
    const audit = createAuditService(context.database.db);
    for (let index = 0; index < 5; index += 1) await audit.record(entry('DEMO', `page${index}`));

    const first = await callApi(context.app, 'GET', '/admin/audit-log?action=test.chain&limit=2', {
      token,
    });
    expect(first.status).toBe(200);
    expect(first.body.value.items.map((row: { subjectId: string }) => row.subjectId)).toEqual([
      'page4',
      'page3',
    ]);
    expect(first.body.value.items[0]).toMatchObject({
      operatorUsername: 'chain',
      role: 'admin',
      ip: '::ffff:10.0.0.1',
    });
    const second = await callApi(
      context.app,
      'GET',
      `/admin/audit-log?action=test.chain&limit=2&cursor=${first.body.value.nextCursor}`,
      { token },
    );
    expect(second.body.value.items.map((row: { subjectId: string }) => row.subjectId)).toEqual([
      'page2',
      'page1',
    ]);
    const last = await callApi(
      context.app,
      'GET',
      `/admin/audit-log?action=test.chain&limit=2&cursor=${second.body.value.nextCursor}`,
      { token },
    );
    expect(last.body.value).toMatchObject({ nextCursor: null });
    expect(last.body.value.items).toHaveLength(1);

    const bySubject = await callApi(context.app, 'GET', '/admin/audit-log?subjectId=page3', {
      token,
    });
    expect(bySubject.body.value.items).toHaveLength(1);
    const enrolment = await callApi(
      context.app,
      'GET',
      '/admin/audit-log?action=operator.totp.enrol',
      { token },
    );
    expect(enrolment.body.value.items[0]).toMatchObject({
      operatorUsername: 'auditor',
      role: 'admin',
      before: { totpEnrolled: false },
      after: { totpEnrolled: true },
    });
    const future = await callApi(
      context.app,
      'GET',
      `/admin/audit-log?fromMs=${Date.now() + 60_000}`,
      { token },
    );
    expect(future.body.value.items).toEqual([]);

    const verify = await callApi(context.app, 'GET', '/admin/audit-log/verify', { token });
    expect(verify.body.value).toMatchObject({ valid: true, firstBrokenId: null });
    expect(verify.body.value.checkedCount).toBeGreaterThan(5);
  });
});
