import type pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.js';

/** The server runs with CAPTCHA_FIXED_ANSWER (honoured only with NODE_ENV=test). */
const CAPTCHA_ANSWER = '8642';
/** The demo agent's code (apps/server/src/db/seed.ts), typed in another case. */
const AFFILIATE_CODE = 'demo2026';

const player = {
  username: `inv${Date.now().toString(36).slice(-7)}`,
  password: 'secret123',
  payeeName: 'Nguyen Van An',
  email: 'an@example.com',
  zalo: '0912345678',
};

/**
 * The demo merchant with the captcha on and required, and more fields on (set before the
 * server's first merchant lookup, which it caches).
 */
async function switchOnFields(db: pg.Client): Promise<void> {
  const changes = {
    captcha: { enabled: true, required: true },
    payeeName: { enabled: true, required: true },
    email: { enabled: true, required: true },
    zalo: { enabled: true, required: false },
    affiliateCode: { enabled: true, required: false },
  };
  for (const [field, rule] of Object.entries(changes)) {
    await db.query(
      `UPDATE merchants SET register_settings = jsonb_set(register_settings, $1::text[],
         register_settings -> $2 || $3::jsonb) WHERE code = 'DEMO'`,
      [`{${field}}`, field, JSON.stringify(rule)],
    );
  }
}

describe('username registration with the captcha, several fields and an invitation link', () => {
  const journey = useJourney('registration-fields', {
    env: { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER },
    page: { viewport: { width: 1280, height: 1000 } },
  });
  /** The page of the current case: the shared one, then a fresh one for the second case. */
  let page: Page;

  beforeAll(async () => {
    await switchOnFields(await journey.pg());
    page = journey.page;
  });

  const form = () => page.getByRole('main');
  const dialog = () => page.getByRole('dialog').last();

  it('hides the field of a valid code from the URL, fills the referral code, and registers under the agent', async () => {
    const { server } = journey;
    const checked = page.waitForResponse((response) =>
      response.url().includes('/wps/agent/affiliate?'),
    );
    await page.goto(
      `${server.baseUrl}/register?affiliateCode=${AFFILIATE_CODE}&referralCode=FRIEND1`,
    );
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    expect((await checked).status()).toBe(200);
    expect(await form().getByLabel('Referral code').inputValue()).toBe('FRIEND1');
    await form().getByLabel('Email').waitFor();
    expect(await form().getByLabel('Invitation code').count()).toBe(0);

    await form().getByLabel('Username').fill(player.username);
    await form().getByLabel('Password', { exact: true }).fill(player.password);
    await form().getByLabel('Confirm password').fill(player.password);
    await form().getByLabel('Real name').fill(player.payeeName);
    await form().getByLabel('Email').fill('an@example');
    await form().getByLabel('Zalo').fill('zalo me');
    await form().getByLabel('Email').click();
    await form().getByText('Please enter a valid email address of 5-100 characters').waitFor();
    await form()
      .getByText(
        'Please enter your Zalo number ID to redeem the bonus. Please enter a phone number of 6-16 digits',
      )
      .waitFor();
    await form().getByLabel('Email').fill(player.email);
    await form().getByLabel('Zalo').fill(player.zalo);
    await form().getByRole('img', { name: 'Verification code picture' }).waitFor();
    await form().getByLabel('Verification code', { exact: true }).fill(CAPTCHA_ANSWER);
    await journey.screenshot(page, 'registration-fields', { fullPage: true });

    const registered = page.waitForResponse((response) =>
      response.url().endsWith('/wps/member/register'),
    );
    await form().getByRole('button', { name: 'Register' }).click();
    const body = (await (await registered).request().postDataJSON()) as Record<string, unknown>;
    expect(body).toMatchObject({
      affiliateCode: AFFILIATE_CODE,
      referralCode: 'FRIEND1',
      registerMethod: 'WEB',
      domain: '127.0.0.1',
    });
    expect(String(body.registerUrl)).toContain(`affiliateCode=${AFFILIATE_CODE}`);

    await dialog().getByText('Registered successfully').waitFor();
    await journey.screenshot(page, 'registration-success');
    await dialog().getByRole('button', { name: 'OK' }).click();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('banner').getByText(player.username).waitFor();

    const db = await journey.pg();
    const stored = await db.query(
      `SELECT member.profile, member.register_domain, member.register_method, agent.username AS upline
       FROM members member JOIN members agent ON agent.id = member.upline_member_id
       WHERE member.username = $1`,
      [player.username],
    );
    expect(stored.rows[0]).toMatchObject({
      upline: 'demoagent',
      register_domain: '127.0.0.1',
      register_method: 'WEB',
      profile: {
        payeeName: player.payeeName,
        email: player.email,
        zalo: player.zalo,
        affiliateCode: 'DEMO2026',
        referralCode: 'FRIEND1',
      },
    });
  });

  it('shows the field of an invalid code from the URL, and the invitation code error on submit', async () => {
    const { server } = journey;
    page = await journey.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${server.baseUrl}/register?code=NOPE2026`);
    const invitation = form().getByLabel('Invitation code');
    await invitation.waitFor();
    expect(await invitation.inputValue()).toBe('NOPE2026');

    await form().getByLabel('Username').fill(`${player.username}x`);
    await form().getByLabel('Password', { exact: true }).fill(player.password);
    await form().getByLabel('Confirm password').fill(player.password);
    await form().getByLabel('Real name').fill(player.payeeName);
    await form().getByLabel('Email').fill(player.email);
    await form().getByLabel('Verification code', { exact: true }).fill(CAPTCHA_ANSWER);
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/wps/member/register')) registerCalls += 1;
    });
    await form().getByRole('button', { name: 'Register' }).click();
    await form().getByText('Invitation code error').waitFor();
    await journey.screenshot(page, 'registration-invitation-error');
    expect(registerCalls).toBe(0);

    // A valid code typed in instead goes through.
    await invitation.fill('DEMO2026');
    await form().getByRole('button', { name: 'Register' }).click();
    await dialog().getByText('Registered successfully').waitFor();
    await page.context().close();
  });

  it('raised no page errors', () => {
    expect(journey.pageErrors).toEqual([]);
  });
});
