import { ADMIN_CSV_EXPORT_ROWS_MAX, adminExportPaths } from '@app/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolledOperator } from '../../../test/admin-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { operatorToken } from '../../../test/money-helpers.js';
import { useTestApp } from '../../../test/test-app.js';

describe('the console CSV exports', () => {
  const context = useTestApp();
  let adminToken: string;

  beforeAll(async () => {
    adminToken = (await enrolledOperator(context.app, context.database.db, 'exporter', 'admin'))
      .token;
  });

  function download(path: string, token: string) {
    return context.app.inject({
      method: 'GET',
      url: path,
      headers: { merchant: BASE_MERCHANT_CODE, authorization: token, device: 'WEB' },
    });
  }

  /** Audit rows written straight to the table (the chain is not what is under test here). */
  async function auditRows(count: number, action: string, subjectId: string) {
    await sql`
      INSERT INTO audit_log (merchant_code, action, subject_type, subject_id, after)
      SELECT ${BASE_MERCHANT_CODE}, ${action}, 'test', ${subjectId}, jsonb_build_object('n', n)
      FROM generate_series(1, ${count}) AS n
    `.execute(context.database.db);
  }

  it('is allowed only with the list permission, like the list itself', async () => {
    const content = await enrolledOperator(context.app, context.database.db, 'writer', 'content');
    const refused = await download(adminExportPaths.withdrawals, content.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    expect((await download(adminExportPaths.deposits, content.token)).statusCode).toBe(403);
    const anonymous = await context.app.inject({
      method: 'GET',
      url: adminExportPaths.auditLog,
      headers: { merchant: BASE_MERCHANT_CODE },
    });
    expect(anonymous.statusCode).toBe(401);

    const finance = await operatorToken(context.app, context.database.db, 'exportfin', 'finance');
    const allowed = await download(`${adminExportPaths.withdrawals}?status=pending`, finance);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toContain('text/csv');
    expect(allowed.headers['content-disposition']).toMatch(/^attachment; filename="withdrawals-/);
    expect(allowed.body.split('\r\n')[0]).toBe(
      'createdAt,withdrawalId,memberAccount,amount,currency,status,bankName,accountName,accountNumber,rejectReason',
    );
    const badFilter = await download(`${adminExportPaths.deposits}?status=nonsense`, finance);
    expect(badFilter.statusCode).toBe(400);
  });

  it('writes cells that would run as formulas with a leading apostrophe', async () => {
    await sql`
      INSERT INTO audit_log (merchant_code, action, subject_type, subject_id)
      VALUES (${BASE_MERCHANT_CODE}, 'test.escape', 'test', '=HYPERLINK("http://evil","x")'),
             (${BASE_MERCHANT_CODE}, 'test.escape', 'test', '@SUM(1+1)'),
             (${BASE_MERCHANT_CODE}, 'test.escape', 'test', 'plain, with comma')
    `.execute(context.database.db);
    const csv = await download(`${adminExportPaths.auditLog}?action=test.escape`, adminToken);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    // Newest first, as the log lists them.
    expect(lines[3]).toContain(',"\'=HYPERLINK(""http://evil"",""x"")",');
    expect(lines[2]).toContain(",'@SUM(1+1),");
    expect(lines[1]).toContain(',"plain, with comma",');
  });

  it('stops at the named maximum of rows, in the list order', async () => {
    await auditRows(ADMIN_CSV_EXPORT_ROWS_MAX + 25, 'test.many', 'many');
    const csv = await download(`${adminExportPaths.auditLog}?action=test.many`, adminToken);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(ADMIN_CSV_EXPORT_ROWS_MAX + 1);
    const ids = lines.slice(1).map((line) => Number(line.split(',')[1]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
