import { BUILTIN_VASSALAGE, builtinGameCodes } from '@app/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { promotionJobs } from '../apps/server/src/jobs/promotion-jobs.js';
import { createServices } from '../apps/server/src/services.js';
import { fund } from '../apps/server/test/money-helpers.js';
import { useJourney } from './support/journey.js';
import { dismissAutoDialogs, STEP_TIMEOUT_MS } from './support/site.js';

const OPERATOR_PASSWORD = 'operator-e2e-password';
const PAYMENT_PASSWORD = '123456';
/** Cash to play and withdraw with, major units. */
const FUNDS = 20_000_000;
/** The operator's bonus and its turnover: 500,000.00 x 2 = 1,000,000.00 to wager (VND stakes). */
const BONUS_AMOUNT = 500_000;
const WAGERING_MULTIPLE = 2;
/** A Jade Dragon spin on all 20 lines at 12,500.00 a line: 250,000.00, counted at 100 %. */
const SLOT_SPIN = { lines: 20, betPerLine: 12_500 };
const SLOT_STAKE = 250_000;
/** A Dice roll of 100,000.00, counted at 10 %. */
const DICE_ROLL = { stake: 100_000, target: 50, direction: 'over' };
const DICE_STAKE = 100_000;
const WITHDRAWAL_AMOUNT = 50_000;
/** The consumers of the event stream apply a settled round within a second or two. */
const CONSUMER_TIMEOUT_MS = 20_000;
const CONSUMER_POLL_MS = 250;
const HOUR_MS = 3_600_000;
/** The raffle's one prize, major units, and a ticket for every 100,000.00 of valid bets. */
const RAFFLE_PRIZE = 700_000;
const RAFFLE_TICKET_EVERY = 100_000;

const minor = (major: number) => Math.round(major * 100);
const shown = (major: number) =>
  major.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('promotions: a bonus played through to a withdrawal, and a raffle drawn and claimed', () => {
  const journey = useJourney('promotions-playthrough', {
    env: { DEMO_OPERATOR_PASSWORD: OPERATOR_PASSWORD },
  });
  let roundCount = 0;

  const api = async (
    path: string,
    init: {
      method?: string;
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const headers: Record<string, string> = {
      merchant: 'DEMO',
      'content-type': 'application/json',
      ...init.headers,
    };
    if (init.token) headers.authorization = init.token;
    const response = await fetch(`${journey.server.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: a journey reads the replies it knows.
    return (await response.json()) as { success: boolean; value: any; errorCode?: string };
  };

  /** Polls a reading until it holds: the consumers work after the call that caused them. */
  async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
    const deadlineMs = Date.now() + CONSUMER_TIMEOUT_MS;
    for (;;) {
      const value = await read();
      if (holds(value)) return value;
      if (Date.now() > deadlineMs) throw new Error(`still not there: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, CONSUMER_POLL_MS));
    }
  }

  async function operatorToken(): Promise<string> {
    const login = await api('/admin/session/login', {
      method: 'POST',
      body: { username: 'operator', password: OPERATOR_PASSWORD },
    });
    return login.value.token as string;
  }

  /** A member registered through the API, with cash, a payment password and a bank account. */
  async function fundedMember(prefix: string) {
    const username = journey.uniqueName(prefix);
    const registered = await api('/wps/member/register', {
      method: 'PUT',
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const token = registered.value.session.token as string;
    const db = await journey.db();
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await fund(db, BigInt(member.id), FUNDS);
    return { username, token };
  }

  /** Opens a built-in game through the player API, as the site's game frame does. */
  async function openGame(token: string, gameCode: string): Promise<string> {
    const db = await journey.pg();
    const game = await db.query(
      `SELECT node_id FROM games WHERE merchant_code = 'DEMO' AND vassalage = $1 AND game_code = $2`,
      [BUILTIN_VASSALAGE, gameCode],
    );
    const launched = await api('/wps/game/launchGame', {
      method: 'POST',
      token,
      body: { nodeId: Number(game.rows[0]?.node_id), vassalage: BUILTIN_VASSALAGE, language: 'en' },
    });
    const launchToken = new URL(launched.value.game_url, journey.server.baseUrl).searchParams.get(
      'token',
    );
    const opened = await api('/wps/builtin/session/open', {
      method: 'POST',
      body: { launchToken },
    });
    return opened.value.gameSession as string;
  }

  /** Plays one round and answers what it moved on the balance (payout - stake), minor units. */
  async function play(gameSession: string, params: unknown): Promise<number> {
    roundCount += 1;
    const played = await api('/wps/builtin/play', {
      method: 'POST',
      body: { gameSession, clientRoundId: `playthrough-${roundCount}`, params },
    });
    expect(played.value?.round?.status, JSON.stringify(played)).toBe('settled');
    return minor(played.value.round.payout) - minor(played.value.round.stake);
  }

  /** The member's main cash balance, minor units. */
  const balanceMinor = async (token: string) =>
    minor((await api('/wps/v2/wallets/balance', { token })).value.sumBalance);

  const rewardCentre = (token: string) => api('/wps/member/reward-center', { token });

  /** Opens the reward centre in the member centre, as a person does from the account menu. */
  async function openRewardCentre(page: Page) {
    await page.goto(journey.server.baseUrl);
    await dismissAutoDialogs(page);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account record' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByRole('button', { name: 'Reward centre' }).click();
    await centre.getByTestId('remaining-turnover').waitFor();
    return centre;
  }

  it('plays a granted bonus through with a slot and Dice, is refused a withdrawal until the turnover is met, then withdraws', async () => {
    const { page, server } = journey;
    const player = await fundedMember('wager');
    await api('/wps/member/password/payment', {
      method: 'POST',
      token: player.token,
      body: {
        loginPassword: 'secret123',
        paymentPassword: PAYMENT_PASSWORD,
        confirmPaymentPassword: PAYMENT_PASSWORD,
      },
    });
    await api('/wps/member/bank-accounts', {
      method: 'POST',
      token: player.token,
      body: { bankName: 'Vietcombank', accountNumber: '0123456789', accountName: 'Tran Thi Binh' },
    });
    const granted = await api('/admin/bonuses/grant', {
      method: 'POST',
      token: await operatorToken(),
      headers: { 'idempotency-key': `playthrough-${player.username}` },
      body: {
        account: player.username,
        amount: BONUS_AMOUNT,
        wageringMultiple: WAGERING_MULTIPLE,
        expiresInDays: 7,
        reason: 'Welcome bonus for the play-through journey',
      },
    });
    expect(granted.value?.status, JSON.stringify(granted)).toBe('wagering');
    const requirement = BONUS_AMOUNT * WAGERING_MULTIPLE;

    await page.goto(`${server.baseUrl}/?token=${player.token}`);
    let centre = await openRewardCentre(page);
    await centre.getByText(`0.00 of ${shown(requirement)} wagered`).waitFor();

    const slot = await openGame(player.token, builtinGameCodes.jadeDragon);
    await play(slot, SLOT_SPIN);
    const afterSlot = SLOT_STAKE;
    await eventually(
      () => rewardCentre(player.token),
      (reply) => reply.value.running[0]?.progress === afterSlot,
    );
    centre = await openRewardCentre(page);
    await centre.getByText(`${shown(afterSlot)} of ${shown(requirement)} wagered`).waitFor();

    const dice = await openGame(player.token, builtinGameCodes.dice);
    await play(dice, DICE_ROLL);
    const afterDice = afterSlot + DICE_STAKE / 10;
    await eventually(
      () => rewardCentre(player.token),
      (reply) => reply.value.running[0]?.progress === afterDice,
    );
    centre = await openRewardCentre(page);
    await centre.getByText(`${shown(afterDice)} of ${shown(requirement)} wagered`).waitFor();
    await centre
      .getByTestId('remaining-turnover')
      .getByText(shown(requirement - afterDice), { exact: false })
      .waitFor();
    await journey.screenshot(page, 'reward-centre-wagering');
    await page.screenshot({ path: '/tmp/playthrough-reward-centre.png', animations: 'disabled' });

    await page.goto(server.baseUrl);
    await dismissAutoDialogs(page);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Withdraw' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill(String(WITHDRAWAL_AMOUNT));
    await dialog.getByLabel('Payment password', { exact: true }).fill(PAYMENT_PASSWORD);
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    await dialog
      .getByText(`A bonus is still wagering: bet ${shown(requirement - afterDice)} more`, {
        exact: false,
      })
      .waitFor();
    await journey.screenshot(page, 'withdrawal-refused');
    await page.screenshot({
      path: '/tmp/playthrough-withdrawal-refused.png',
      animations: 'disabled',
    });
    await page.keyboard.press('Escape');

    const cashBeforeMinor = await balanceMinor(player.token);
    let netMinor = 0;
    const spinsLeft = Math.ceil((requirement - afterDice) / SLOT_STAKE);
    for (let spin = 0; spin < spinsLeft; spin += 1) netMinor += await play(slot, SLOT_SPIN);
    const converted = await eventually(
      () => rewardCentre(player.token),
      (reply) => reply.value.running.length === 0,
    );
    expect(converted.value.claimed[0]).toMatchObject({
      bonusId: granted.value.bonusId,
      status: 'converted',
    });
    // The conversion moved the whole bonus to cash, once, and the open page's header follows
    // it without a reload (the conversion's own balance push).
    const cashAfterMinor = await balanceMinor(player.token);
    expect(cashAfterMinor).toBe(cashBeforeMinor + netMinor + minor(BONUS_AMOUNT));
    await header
      .getByTestId('balance-amount')
      .filter({ hasText: shown(cashAfterMinor / 100) })
      .waitFor();
    centre = await openRewardCentre(page);
    await centre.getByText('Converted to cash').waitFor();
    await centre.getByText(`Left to wager: ${shown(0)}`, { exact: false }).waitFor();
    await journey.screenshot(page, 'reward-centre-converted');
    await page.screenshot({ path: '/tmp/playthrough-converted.png', animations: 'disabled' });

    await page.goto(server.baseUrl);
    await dismissAutoDialogs(page);
    await header.getByRole('button', { name: 'Withdraw' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill(String(WITHDRAWAL_AMOUNT));
    await dialog.getByLabel('Payment password', { exact: true }).fill(PAYMENT_PASSWORD);
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    await dialog
      .getByText(`Your withdrawal of ${shown(WITHDRAWAL_AMOUNT)} VND is requested`, {
        exact: false,
      })
      .waitFor();
    await page.screenshot({ path: '/tmp/playthrough-withdrawn.png', animations: 'disabled' });
  });

  it('a raffle: members earn tickets by playing, the draw job draws it, the winner claims the prize once in the browser', async () => {
    const { server } = journey;
    const operator = await operatorToken();
    const nowMs = Date.now();
    const saved = await api('/admin/promotions', {
      method: 'POST',
      token: operator,
      body: {
        category: 'raffle',
        takeMode: 'join',
        texts: {
          EN: {
            title: 'Journey lucky draw',
            content: '<p>One ticket for every 100 of valid bets.</p>',
            terms: '<ul><li>One prize per member</li></ul>',
          },
        },
        startsAtMs: nowMs - HOUR_MS,
        endsAtMs: nowMs + HOUR_MS,
        qualifier: {},
        reward: {
          kind: 'raffle',
          ticketEveryAmount: RAFFLE_TICKET_EVERY,
          prizes: [RAFFLE_PRIZE],
          drawAtMs: nowMs + 2 * HOUR_MS,
        },
        wagering: {},
      },
    });
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    const promotionId = saved.value.id as string;

    const alice = await fundedMember('rafa');
    const bob = await fundedMember('rafb');
    for (const member of [alice, bob]) {
      const joined = await api('/wps/promotion/join', {
        method: 'POST',
        token: member.token,
        body: { id: promotionId },
      });
      expect(joined.value?.status, JSON.stringify(joined)).toBe('Joined');
    }
    await play(await openGame(alice.token, builtinGameCodes.jadeDragon), SLOT_SPIN);
    await play(await openGame(bob.token, builtinGameCodes.neonFruits), {
      lines: 25,
      betPerLine: 4_000,
    });
    const detailOf = (token?: string) =>
      api(`/wps/promotion/detail?id=${promotionId}`, token ? { token } : {});
    await eventually(
      () => detailOf(alice.token),
      (reply) => reply.value.raffle.myTickets === 2,
    );
    await eventually(
      () => detailOf(bob.token),
      (reply) => reply.value.raffle.myTickets === 1,
    );

    // The raffle ends and its draw time comes (the clock moved by SQL, not waited for); then
    // the job's own handler runs, as pg-boss runs it every minute.
    const pg = await journey.pg();
    await pg.query(
      `UPDATE promotions
       SET ends_at = now() - interval '2 minutes', raffle_draw_at = now() - interval '1 minute'
       WHERE id = $1::bigint`,
      [promotionId],
    );
    const db = await journey.db();
    const logged: object[] = [];
    const [drawJob] = promotionJobs({
      raffles: createServices(db).promotions.raffles,
      log: { info: (details) => logged.push(details), error: () => {} },
    });
    await drawJob?.handler({});
    expect(logged).toEqual([{ drawn: 1 }]);

    const drawn = await detailOf();
    expect(drawn.value.raffle.drawn).toBe(true);
    expect(drawn.value.raffle.winners).toHaveLength(1);
    // Winners' accounts are published masked: each member's own status says who won.
    const statuses = await Promise.all(
      [alice, bob].map(async (member) => (await detailOf(member.token)).value.status as string),
    );
    expect([...statuses].sort()).toEqual(['Claim', 'Close']);
    const winner = statuses[0] === 'Claim' ? alice : bob;
    const beforeClaimMinor = await balanceMinor(winner.token);

    const page = await journey.newPage();
    await page.goto(`${server.baseUrl}/?token=${winner.token}`);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
    await page.goto(`${server.baseUrl}/promoDetail?id=${promotionId}`);
    // The drawn prize waits in the member's rewards, so the after-login rewards dialog may open.
    await dismissAutoDialogs(page);
    await page.locator('[data-testid="promotion-status"][data-status="Claim"]').waitFor();
    await page.getByTestId('raffle-winners').getByText('#1', { exact: false }).waitFor();
    await page.screenshot({
      path: '/tmp/raffle-drawn.png',
      animations: 'disabled',
      fullPage: true,
    });
    await page.getByTestId('promotion-action-claimRaffle').click();
    await page
      .locator('[data-testid="promotion-status"][data-status="Claimed"]')
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await journey.screenshot(page, 'raffle-claimed', { fullPage: true });
    await page.screenshot({
      path: '/tmp/raffle-claimed.png',
      animations: 'disabled',
      fullPage: true,
    });
    const afterClaimMinor = beforeClaimMinor + minor(RAFFLE_PRIZE);
    expect(await balanceMinor(winner.token)).toBe(afterClaimMinor);
    // The claim pays cash with no event: the page itself refreshes the header's balance.
    await page
      .getByRole('banner')
      .getByTestId('balance-amount')
      .filter({ hasText: shown(afterClaimMinor / 100) })
      .waitFor();

    const again = await api('/wps/relay/MCS2_claimRafflePromotion', {
      method: 'POST',
      token: winner.token,
      body: { promotionId },
    });
    expect(again.value).toEqual({ prize: RAFFLE_PRIZE, status: 'Claimed', replayed: true });
    expect(await balanceMinor(winner.token)).toBe(afterClaimMinor);
  });
});
