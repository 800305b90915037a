import { ADMIN_CSV_EXPORT_ROWS_MAX, adminExportPaths } from '@app/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolledOperator } from '../../../test/admin-helpers.js';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { fundedMember, operatorToken, type TestMember } from '../../../test/money-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';

describe('the Members CSV exports', () => {
  const context = useTestApp();
  let finance: string;
  let member: TestMember;

  beforeAll(async () => {
    const db = context.database.db;
    finance = await operatorToken(context.app, db, 'mx-finance', 'finance');
    member = await fundedMember(context.app, db, 250, 'mxcsv');
    await sql`UPDATE members SET profile = profile || ${JSON.stringify({
      payeeName: '=HYPERLINK("http://evil","x")',
      email: 'plain, with comma@example.com',
    })}::jsonb WHERE id = ${member.id.toString()}`.execute(db);
  });

  function download(path: string, token: string, merchant = BASE_MERCHANT_CODE) {
    return context.app.inject({
      method: 'GET',
      url: path,
      headers: { merchant, authorization: token, device: 'WEB' },
    });
  }

  it('needs members:read, like the lists, and keeps to the operator merchant', async () => {
    const db = context.database.db;
    const content = (await enrolledOperator(context.app, db, 'mx-content', 'content')).token;
    const statementPath = `${adminExportPaths.memberStatement}?memberId=${member.id}`;
    for (const path of [adminExportPaths.members, statementPath]) {
      const refused = await download(path, content);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
      const anonymous = await context.app.inject({
        method: 'GET',
        url: path,
        headers: { merchant: BASE_MERCHANT_CODE },
      });
      expect(anonymous.statusCode, path).toBe(401);
    }

    const members = await download(`${adminExportPaths.members}?memberId=${member.id}`, finance);
    expect(members.statusCode).toBe(200);
    expect(members.headers['content-type']).toContain('text/csv');
    expect(members.headers['content-disposition']).toMatch(/^attachment; filename="members-/);
    const memberLines = members.body.trimEnd().split('\r\n');
    expect(memberLines[0]).toBe(
      'registeredAt,memberId,account,nickname,realName,kind,status,email,mobileNum,lastLoginAt',
    );
    expect(memberLines).toHaveLength(2);

    const statement = await download(statementPath, finance);
    expect(statement.statusCode).toBe(200);
    const statementLines = statement.body.trimEnd().split('\r\n');
    expect(statementLines[0]).toBe('at,entryId,code,wallet,asset,amount,balanceAfter,currency');
    // The funding credit: two decimals, the merchant's currency.
    expect(statementLines.slice(1).some((line) => line.includes(',250.00,250.00,'))).toBe(true);

    // A member of another merchant reads as one that does not exist, and filters are validated.
    await addMerchant(db, 'OTHERMX');
    const otherUsername = uniqueUsername('mxother');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      merchant: 'OTHERMX',
      body: { username: otherUsername, password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(registered.status).toBe(200);
    const other = await sql<{ id: string }>`
      SELECT id FROM members WHERE username = ${otherUsername}`.execute(db);
    const otherId = other.rows[0]?.id ?? '';
    const foreign = await download(
      `${adminExportPaths.memberStatement}?memberId=${otherId}`,
      finance,
    );
    expect(foreign.statusCode).toBe(404);
    const foreignSearch = await download(
      `${adminExportPaths.members}?memberId=${otherId}`,
      finance,
    );
    expect(foreignSearch.body.trimEnd().split('\r\n')).toHaveLength(1);
    const badFilter = await download(`${adminExportPaths.members}?status=nonsense`, finance);
    expect(badFilter.statusCode).toBe(400);
    const noMember = await download(adminExportPaths.memberStatement, finance);
    expect(noMember.statusCode).toBe(400);
  });

  it('writes cells that would run as formulas with a leading apostrophe', async () => {
    const csv = await download(`${adminExportPaths.members}?memberId=${member.id}`, finance);
    const line = csv.body.trimEnd().split('\r\n')[1] ?? '';
    expect(line).toContain(',"\'=HYPERLINK(""http://evil"",""x"")",');
    expect(line).toContain(',"plain, with comma@example.com",');
  });

  it('stops at the named maximum of rows, newest first', async () => {
    const prefix = `mxcap${Date.now().toString(36)}`;
    await sql`
      INSERT INTO members (merchant_code, username, username_normalized, nickname, password_hash)
      SELECT ${BASE_MERCHANT_CODE}, ${prefix} || n, ${prefix} || n, ${prefix} || n, 'x'
      FROM generate_series(1, ${ADMIN_CSV_EXPORT_ROWS_MAX + 25}) AS n
    `.execute(context.database.db);
    const csv = await download(`${adminExportPaths.members}?account=${prefix}`, finance);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(ADMIN_CSV_EXPORT_ROWS_MAX + 1);
    const ids = lines.slice(1).map((line) => BigInt(line.split(',')[1] ?? '0'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id, index) => index === 0 || id < (ids[index - 1] ?? 0n))).toBe(true);
  });

  it('orders the search by registration either way, paging by key', async () => {
    const prefix = `mxord${Date.now().toString(36)}`;
    await sql`
      INSERT INTO members (merchant_code, username, username_normalized, nickname, password_hash)
      SELECT ${BASE_MERCHANT_CODE}, ${prefix} || n, ${prefix} || n, ${prefix} || n, 'x'
      FROM generate_series(1, 5) AS n
    `.execute(context.database.db);
    async function walk(order: string): Promise<string[]> {
      const accounts: string[] = [];
      let afterId: string | null = null;
      do {
        const cursor: string = afterId === null ? '' : `&afterId=${afterId}`;
        const page = await callApi(
          context.app,
          'GET',
          `/admin/members?account=${prefix}&pageSize=2&order=${order}${cursor}`,
          { token: finance },
        );
        expect(page.status).toBe(200);
        accounts.push(...page.body.value.list.map((row: { account: string }) => row.account));
        afterId = page.body.value.nextAfterId;
      } while (afterId !== null);
      return accounts;
    }
    const oldest = [1, 2, 3, 4, 5].map((n) => `${prefix}${n}`);
    expect(await walk('oldest')).toEqual(oldest);
    expect(await walk('newest')).toEqual([...oldest].reverse());
    const csv = await download(
      `${adminExportPaths.members}?account=${prefix}&order=oldest`,
      finance,
    );
    const accounts = csv.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[2]);
    expect(accounts).toEqual(oldest);
  });
});
