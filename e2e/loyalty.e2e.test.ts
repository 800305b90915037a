import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fund } from '../apps/server/test/money-helpers.js';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

const PAYMENT_PASSWORD = '123456';
/** VND: the demo's stakes start at 1,000 ₫; two points units of 1,000 ₫ each earn 30 points. */
const STAKE = 2_000;
/** How long the event consumers (points, ranks) may take to apply the round. */
const CONSUMER_WAIT = { timeout: 20_000, interval: 200 };

/**
 * Loyalty (issue 20): a member plays Dice, sees the points arrive, redeems a cash reward with
 * the payment password, converts points to cash, and reaches a club rank whose label shows in
 * the header. The demo merchant's rules and thresholds are lowered so one small round is enough.
 */
describe('loyalty: points, the point mall and club ranks', () => {
  const journey = useJourney('loyalty');
  let memberId = 0n;
  let token = '';

  beforeAll(async () => {
    const db = await journey.db();
    await sql`UPDATE point_rules SET unit_minor = 100000, points_per_unit = 15 WHERE merchant_code = 'DEMO'`.execute(
      db,
    );
    await sql`UPDATE point_settings SET convert_points_step = 10, convert_cash_minor = 100,
      convert_min_points = 10 WHERE merchant_code = 'DEMO'`.execute(db);
    await sql`INSERT INTO point_rewards (merchant_code, reward_type, name, points_cost, amount_minor,
      needs_approval, sort_order) VALUES ('DEMO', 'cash', 'Journey cash', 10, 500, false, 0),
      ('DEMO', 'goods', 'Journey mug', 10, 0, true, 0)`.execute(db);
    await sql`UPDATE vip_ranks SET min_turnover_minor = 100, min_deposit_minor = 0
      WHERE merchant_code = 'DEMO' AND rank_level = 1`.execute(db);

    const { page, server } = journey;
    const { username } = await journey.registerMember(page, 'loy');
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    memberId = BigInt(member.id);
    await fund(db, memberId, 100_000);
    token = ((await page.evaluate(`sessionStorage.getItem('token')`)) as string | null) ?? '';
    const set = await fetch(`${server.baseUrl}/wps/member/password/payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token, Device: 'WEB' },
      body: JSON.stringify({
        loginPassword: 'secret123',
        paymentPassword: PAYMENT_PASSWORD,
        confirmPaymentPassword: PAYMENT_PASSWORD,
      }),
    });
    expect(set.status).toBe(200);
  });

  it('plays Dice and sees the points arrive in the point mall', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/inhouse`);
    await page.getByRole('main').getByRole('button', { name: 'Play Dice', exact: true }).click();
    await page.waitForURL(/\/game$/);
    const game = page.frameLocator('iframe[title="Game"]');
    await game.getByTestId('dice-client').waitFor();
    await game.getByTestId('builtin-balance').filter({ hasText: /\d/ }).waitFor();
    await game.getByTestId('stake-input').fill(String(STAKE));
    await game.getByRole('button', { name: 'Roll', exact: true }).click();
    await game.getByTestId('round-result').waitFor();

    const db = await journey.db();
    await vi.waitFor(async () => {
      const row = await sql<{ balance: string }>`SELECT balance_minor::text AS balance
        FROM ledger_accounts WHERE member_id = ${memberId.toString()}::bigint AND asset = 'points'`.execute(
        db,
      );
      expect(row.rows[0]?.balance).toBe('30');
    }, CONSUMER_WAIT);
    await page.goto(`${server.baseUrl}/pointMall`);
    await page.getByTestId('points-balance').filter({ hasText: '30' }).waitFor();
    await page.getByTestId('point-reward').first().waitFor();
    await journey.screenshot(page, 'point-mall', { fullPage: true });
  });

  it('redeems a reward with the payment password and converts points to cash', async () => {
    const { page } = journey;
    await page
      .getByTestId('point-reward')
      .filter({ hasText: 'Journey cash' })
      .getByRole('button', { name: 'Redeem' })
      .click();
    const redeemDialog = page.getByRole('dialog');
    await redeemDialog.getByTestId('points-payment-password').fill(PAYMENT_PASSWORD);
    await journey.screenshot(page, 'redeem-dialog');
    await redeemDialog.getByRole('button', { name: 'Redeem for 10 points' }).click();
    await redeemDialog.getByTestId('redeem-done').waitFor();
    await redeemDialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByTestId('points-balance').filter({ hasText: /^20$/ }).waitFor();

    await page.getByRole('button', { name: 'Convert to cash' }).click();
    const convertDialog = page.getByRole('dialog');
    await convertDialog.getByTestId('convert-points').fill('10');
    await convertDialog.getByTestId('points-payment-password').fill(PAYMENT_PASSWORD);
    await convertDialog.getByRole('button', { name: 'Convert', exact: true }).click();
    await convertDialog.getByTestId('convert-done').waitFor();
    await convertDialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByTestId('points-balance').filter({ hasText: /^10$/ }).waitFor();

    await page.getByRole('tab', { name: 'My redemptions' }).click();
    await page.getByTestId('redemption-table').getByText('Approved').waitFor();
    await page.getByRole('tab', { name: 'Points history' }).click();
    await page.getByTestId('points-history-table').getByText('Converted').waitFor();
    await journey.screenshot(page, 'points-history');
  });

  it('reaches a club rank and sees its label in the header', async () => {
    const { page, server } = journey;
    const db = await journey.db();
    await vi.waitFor(async () => {
      const row = await sql<{ rank_level: number }>`SELECT rank_level FROM vip_member_ranks
        WHERE member_id = ${memberId.toString()}::bigint`.execute(db);
      expect(row.rows[0]?.rank_level).toBe(1);
    }, CONSUMER_WAIT);
    await page.goto(`${server.baseUrl}/pointMall`);
    await page
      .getByRole('banner')
      .getByTestId('club-label')
      .filter({ hasText: 'Bronze' })
      .waitFor();
    await journey.screenshot(page, 'header-club-label');
  });

  it('an operator approves a goods redemption in the console queue', async () => {
    const { page, server } = journey;
    const headers = { 'Content-Type': 'application/json', Authorization: token, Device: 'WEB' };
    const catalogue = await fetch(`${server.baseUrl}/wps/relay/MCS2_getPointReward?type=goods`, {
      headers,
    });
    const goods = ((await catalogue.json()) as { value: { list: { id: string; name: string }[] } })
      .value.list;
    const mugId = goods.find((reward) => reward.name === 'Journey mug')?.id;
    const redeemed = await fetch(
      `${server.baseUrl}/wps/relay/passwordCheck/MCS2_redeemPointReward`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          rewardId: mugId,
          quantity: 1,
          paymentPassword: PAYMENT_PASSWORD,
        }),
      },
    );
    const reply = (await redeemed.json()) as { value?: { referenceNo: string } };
    expect(redeemed.status, JSON.stringify(reply)).toBe(200);
    const referenceNo = reply.value?.referenceNo ?? '';

    const admin = await journey.newPage();
    await signInAndEnrol(admin, server.baseUrl, 'admin');
    await admin.getByTestId('nav-pointRedemptions').click();
    const row = admin.getByTestId('redemption-row').filter({ hasText: referenceNo });
    await row.waitFor();
    await journey.screenshot(admin, 'console-redemptions');
    await row.getByTestId('redemption-approve').click();
    await admin.getByTestId('redemption-confirm').click();
    await row.waitFor({ state: 'detached' });
    await admin.getByTestId('redemptions-tab-approved').click();
    await admin.getByTestId('redemption-row').filter({ hasText: referenceNo }).waitFor();

    await page.goto(`${server.baseUrl}/pointMall`);
    await page.getByTestId('points-balance').filter({ hasText: /^0$/ }).waitFor();

    await admin.getByTestId('nav-pointRewards').click();
    await admin.getByTestId('reward-row').filter({ hasText: 'Journey mug' }).waitFor();
    await journey.screenshot(admin, 'console-point-rewards', { fullPage: true });
    await admin
      .getByTestId('reward-row')
      .filter({ hasText: 'Jade Dragon' })
      .getByTestId('reward-edit')
      .click();
    await admin.getByRole('dialog').waitFor();
    await journey.screenshot(admin, 'console-point-reward-dialog');
    await admin.keyboard.press('Escape');

    // The point rules and club ranks pages; a label colour set in the console.
    const db = await journey.db();
    await sql`INSERT INTO member_labels (merchant_code, name) VALUES ('DEMO', 'Journey VIP')`.execute(
      db,
    );
    await admin.getByTestId('nav-pointRules').click();
    await admin.getByTestId('rule-row').first().waitFor();
    await journey.screenshot(admin, 'console-point-rules', { fullPage: true });
    await admin.getByTestId('rules-edit').click();
    await admin.getByRole('dialog').waitFor();
    await journey.screenshot(admin, 'console-point-rules-dialog');
    await admin.keyboard.press('Escape');
    await admin.getByTestId('nav-clubRanks').click();
    await admin.getByTestId('rank-row').first().waitFor();
    const labelRow = admin.getByTestId('label-row').filter({ hasText: 'Journey VIP' });
    await labelRow.getByTestId('label-edit').click();
    await admin.getByTestId('label-background').fill('#e8590c');
    await admin.getByTestId('label-save').click();
    await labelRow.filter({ hasText: '#e8590c' }).waitFor();
    await journey.screenshot(admin, 'console-club-ranks', { fullPage: true });
    await admin.getByTestId('ranks-edit').click();
    await admin.getByRole('dialog').waitFor();
    await journey.screenshot(admin, 'console-club-ranks-dialog');
  });

  /** 1,000.00 a line: the smallest bet per line of the demo's VND stake profile. */
  const FREE_SPIN_BET_PER_LINE_MINOR = 100_000;

  it('plays a granted free spin on Jade Dragon without taking cash', async () => {
    const { page, server } = journey;
    const db = await journey.db();
    // The grant itself (point mall or promotion) is covered by the medium tests; here the slot.
    await sql`INSERT INTO free_spin_grants (merchant_code, member_id, currency, game_code,
      bet_per_line_minor, spins_total, wagering_multiple, expires_at, source_kind, source_ref,
      idempotency_key) VALUES ('DEMO', ${memberId.toString()}::bigint, 'VND', 'inh-jade-dragon',
      ${FREE_SPIN_BET_PER_LINE_MINOR}, 3, 5, now() + interval '1 day', 'operator', 'journey',
      ${`journey-free-spins-${Date.now()}`})`.execute(db);
    await page.goto(`${server.baseUrl}/rng`);
    await page.getByRole('button', { name: 'Play Jade Dragon', exact: true }).first().click();
    await page.waitForURL(/\/game$/);
    const frame = page.frameLocator('iframe[title="Game"]');
    const panel = frame.getByTestId('slot-free-spins');
    await panel.filter({ hasText: '3 free spins' }).waitFor();
    const balance = await frame.getByTestId('builtin-balance').textContent();
    await frame.getByRole('button', { name: 'Play a free spin' }).click();
    await panel.filter({ hasText: '2 free spins' }).waitFor();
    // The round has been shown when the paid spin button reads Spin again.
    await frame.getByRole('button', { name: 'Spin', exact: true }).waitFor();
    expect(await frame.getByTestId('builtin-balance').textContent()).toBe(balance);
    await journey.screenshot(page, 'slot-free-spins');
  });
});
