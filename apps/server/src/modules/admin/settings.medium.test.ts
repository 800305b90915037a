import { BUILTIN_VASSALAGE } from '@app/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { addMerchantWithRules } from '../../../test/register-helpers.js';
import { launchToken, memberWithSession } from '../../../test/seamless-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { buildApp } from '../../app.js';
import { createCatalogueWriter } from '../games/index.js';

const context = useTestApp();
let adminToken: string;
let supportToken: string;

async function signIn(username: string, role: 'admin' | 'support') {
  const password = await addOperator(context.database.db, username, role);
  const login = await callApi(context.app, 'POST', '/admin/session/login', {
    body: { username, password },
  });
  expect(login.status).toBe(200);
  return login.body.value.token as string;
}

beforeAll(async () => {
  adminToken = await signIn('settings-admin', 'admin');
  supportToken = await signIn('settings-support', 'support');
});

async function settings(token = adminToken) {
  const response = await callApi(context.app, 'GET', '/admin/settings', { token });
  expect(response.status).toBe(200);
  return response.body.value;
}

function change(section: string, body: unknown, token = adminToken) {
  return callApi(context.app, 'POST', `/admin/settings/${section}`, { token, body });
}

async function auditEntries(action: string) {
  const { rows } = await sql<{ before: unknown; after: unknown; operator_role: string }>`
    SELECT before, after, operator_role FROM audit_log WHERE action = ${action} ORDER BY id
  `.execute(context.database.db);
  return rows;
}

async function siteStatus() {
  const response = await callApi(context.app, 'GET', '/wps/system/status');
  return response.body.value;
}

describe('the Settings calls', () => {
  it('reads every section, and lets a support operator read but not change', async () => {
    const value = await settings(supportToken);
    expect(value.whiteLabel).toHaveProperty('loginRequiredHome');
    expect(value.registerSettings.username).toMatchObject({ enabled: true });
    expect(value.languages.supportedLanguages).toContain('EN');
    expect(value.siteAccess).toMatchObject({ maintenance: false, blockedCountries: [] });
    expect(value.builtinGameCodes.length).toBeGreaterThan(0);
    const refused = await change(
      'site-access',
      { ...value.siteAccess, maintenance: true },
      supportToken,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('FORBIDDEN');
    expect((await siteStatus()).status).toBe(0);
  });

  it('turns maintenance on and off for the site at once, audited with before and after', async () => {
    expect((await siteStatus()).status).toBe(0);
    const { siteAccess } = await settings();
    const on = await change('site-access', {
      ...siteAccess,
      maintenance: true,
      maintenanceMessages: { EN: 'Back at noon', VI: 'Quay lại lúc trưa' },
      blockedCountries: ['US'],
    });
    expect(on.status).toBe(200);
    expect(on.body.value.siteAccess.maintenance).toBe(true);
    const status = await siteStatus();
    expect(status).toMatchObject({ status: 1, maintenance: true });
    expect(status.maintenanceMessages).toEqual({ EN: 'Back at noon', VI: 'Quay lại lúc trưa' });

    const [entry] = await auditEntries('settings.site-access');
    expect(entry?.operator_role).toBe('admin');
    expect(entry?.before).toMatchObject({ maintenance: false, blockedCountries: [] });
    expect(entry?.after).toMatchObject({ maintenance: true, blockedCountries: ['US'] });

    // The same transaction wrote the merchant row and its audit entry (same xmin).
    const { rows } = await sql<{ merchant: string; audit: string }>`
      SELECT (SELECT xmin::text FROM merchants WHERE code = ${BASE_MERCHANT_CODE}) AS merchant,
             (SELECT xmin::text FROM audit_log WHERE action = 'settings.site-access'
               ORDER BY id DESC LIMIT 1) AS audit
    `.execute(context.database.db);
    expect(rows[0]?.audit).toBe(rows[0]?.merchant);

    const off = await change('site-access', { ...on.body.value.siteAccess, maintenance: false });
    expect(off.status).toBe(200);
    expect((await siteStatus()).status).toBe(0);
    expect(await auditEntries('settings.site-access')).toHaveLength(2);
  });

  it('puts the site under maintenance inside a planned window, and refuses a bad window', async () => {
    const { siteAccess } = await settings();
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const planned = await change('site-access', {
      ...siteAccess,
      maintenanceWindow: { startsAt, endsAt },
    });
    expect(planned.status).toBe(200);
    const status = await siteStatus();
    expect(status.status).toBe(1);
    expect(status.maintenanceWindow).toEqual({ startsAt, endsAt });

    for (const maintenanceWindow of [
      { startsAt: endsAt, endsAt: startsAt },
      { startsAt, endsAt: null },
      { startsAt, endsAt: new Date(Date.now() + 8 * 86_400_000).toISOString() },
    ]) {
      const refused = await change('site-access', { ...siteAccess, maintenanceWindow });
      expect(refused.status).toBe(400);
      expect(refused.body.errorCode).toBe('SETTINGS_MAINTENANCE_WINDOW_INVALID');
    }
    const cleared = await change('site-access', {
      ...siteAccess,
      maintenanceWindow: { startsAt: null, endsAt: null },
    });
    expect(cleared.status).toBe(200);
    expect((await siteStatus()).status).toBe(0);
  });

  it('refuses broken registration rules with their own codes and translated texts, changing nothing', async () => {
    const { registerSettings } = await settings();
    const before = await auditEntries('settings.registration');
    const cases = [
      [{ enabled: false, required: true }, 'SETTINGS_REQUIRED_NOT_ENABLED'],
      [{ minLength: 12, maxLength: 8 }, 'SETTINGS_LENGTHS_INVALID'],
      [{ acceptedPattern: '(a+)+$' }, 'SETTINGS_PATTERN_UNSAFE'],
      [{ acceptedPattern: '[a-' }, 'SETTINGS_PATTERN_INVALID'],
      [{ acceptedPattern: 'a'.repeat(201) }, 'SETTINGS_PATTERN_INVALID'],
    ] as const;
    for (const [rule, errorCode] of cases) {
      const refused = await callApi(context.app, 'POST', '/admin/settings/registration', {
        token: adminToken,
        language: 'VI',
        body: { ...registerSettings, qqNum: { ...registerSettings.qqNum, ...rule } },
      });
      expect(refused.status, errorCode).toBe(400);
      expect(refused.body.errorCode).toBe(errorCode);
      expect(refused.body.message).not.toBe(errorCode);
    }
    const english = await change('registration', {
      ...registerSettings,
      qqNum: { ...registerSettings.qqNum, minLength: 9, maxLength: 3 },
    });
    expect(english.body.message).toBe('The minimum length is greater than the maximum');
    expect(await auditEntries('settings.registration')).toHaveLength(before.length);
    expect((await settings()).registerSettings).toEqual(registerSettings);
  });

  it('applies a changed registration rule to the register call at once', async () => {
    const { registerSettings } = await settings();
    const changed = await change('registration', {
      ...registerSettings,
      username: { ...registerSettings.username, acceptedPattern: 'vip[a-z0-9]+' },
      qqNum: { ...registerSettings.qqNum, enabled: true, required: true, minLength: 5 },
    });
    expect(changed.status).toBe(200);
    const register = (username: string, qqNum?: string) =>
      callApi(context.app, 'PUT', '/wps/member/register', {
        body: {
          username,
          password: 'secret123',
          confirmPassword: 'secret123',
          login: false,
          qqNum,
        },
      });
    const plain = await register(uniqueUsername('plain'), '123456');
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ errorCode: 'REG_FIELD_INVALID' });
    const noQq = await register(uniqueUsername('vip'));
    expect(noQq.status).toBe(400);
    expect((await register(uniqueUsername('vip'), '123456')).status).toBe(200);
    const [entry] = await auditEntries('settings.registration');
    expect(entry?.after).toMatchObject({ qqNum: { enabled: true, required: true } });
    await change('registration', registerSettings);
  });

  it('changes languages only with the defaults among those offered', async () => {
    const refused = await change('languages', {
      supportedLanguages: ['VI', 'TH'],
      defaultLanguage: 'EN',
      defaultGameLanguage: 'VI',
    });
    expect(refused.body.errorCode).toBe('SETTINGS_DEFAULT_LANGUAGE_UNSUPPORTED');
    const { languages } = await settings();
    const changed = await change('languages', {
      supportedLanguages: ['EN', 'VI'],
      defaultLanguage: 'VI',
      defaultGameLanguage: 'EN',
    });
    expect(changed.status).toBe(200);
    expect((await siteStatus()).merchant).toMatchObject({
      supportedLanguages: ['EN', 'VI'],
      defaultLanguage: 'VI',
    });
    await change('languages', languages);
  });

  it('changes white-label switches (login-required mode) and built-in game limits', async () => {
    const { whiteLabel, builtinGames, builtinGameCodes } = await settings();
    const switched = await change('white-label', { ...whiteLabel, loginRequiredHome: true });
    expect(switched.status).toBe(200);
    expect((await siteStatus()).whiteLabel.loginRequiredHome).toBe(true);
    await change('white-label', whiteLabel);

    const gameCode = builtinGameCodes[0];
    const badStakes = await change('builtin-games', {
      ...builtinGames,
      limits: { [gameCode]: { minStakeMinor: 500, maxStakeMinor: 100 } },
    });
    expect(badStakes.body.errorCode).toBe('SETTINGS_STAKE_LIMITS_INVALID');
    const unknown = await change('builtin-games', {
      ...builtinGames,
      limits: { NOT_A_GAME: { minStakeMinor: 100 } },
    });
    expect(unknown.status).toBe(404);
    const limited = await change('builtin-games', {
      ...builtinGames,
      limits: { [gameCode]: { minStakeMinor: 100, maxStakeMinor: 5_000, maxPayoutMinor: 50_000 } },
    });
    expect(limited.status).toBe(200);
    expect(limited.body.value.builtinGames.limits[gameCode]).toEqual({
      minStakeMinor: 100,
      maxStakeMinor: 5_000,
      maxPayoutMinor: 50_000,
    });
    expect(await auditEntries('settings.builtin-games')).toHaveLength(1);
  });

  it('gives a built-in game session the new limits at once, without a restart', async () => {
    const { db } = context.database;
    const nodeId = await createCatalogueWriter(db).ensureGame({
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: BUILTIN_VASSALAGE,
      gameCode: 'inh-dice',
      gameType: 'INHOUSE',
      iconUrl: '/icons/dice.svg',
      texts: { EN: { name: 'Dice' } },
    });
    const openSession = async () => {
      const { token } = await memberWithSession(db, 10_000n);
      const launch = await launchToken(context.app, token, {
        nodeId: BigInt(nodeId),
        vassalage: BUILTIN_VASSALAGE,
      });
      const opened = await callApi(context.app, 'POST', '/wps/builtin/session/open', {
        body: { launchToken: launch },
      });
      expect(opened.status).toBe(200);
      return opened.body.value.limits;
    };
    const { builtinGames } = await settings();
    expect(await openSession()).toEqual({ minStake: 0.1, maxStake: 1000, maxPayout: 100000 });
    await change('builtin-games', {
      ...builtinGames,
      limits: { 'inh-dice': { minStakeMinor: 200, maxStakeMinor: 2_000, maxPayoutMinor: 90_000 } },
    });
    expect(await openSession()).toEqual({ minStake: 2, maxStake: 20, maxPayout: 900 });
    await change('builtin-games', builtinGames);
  });

  it("edits the merchant's stake profile for its currency; a new game session answers it", async () => {
    const { db } = context.database;
    const before = await settings();
    const auditedBefore = (await auditEntries('settings.builtin-games')).length;
    expect(before.currency).toBe('VND');
    // What an empty field means: the currency's own defaults (1,000 ₫ to 20,000,000 ₫).
    expect(before.stakeProfileDefaults).toMatchObject({
      minStakeMinor: 100_000,
      maxStakeMinor: 2_000_000_000,
    });
    const outside = await change('builtin-games', {
      ...before.builtinGames,
      stakeProfiles: { VND: { minStakeMinor: 500_000, defaultStakeMinor: 100_000 } },
    });
    expect(outside.body).toMatchObject({
      errorCode: 'SETTINGS_STAKE_LIMITS_INVALID',
      details: { field: 'stakeProfiles.VND' },
    });
    const saved = await change('builtin-games', {
      ...before.builtinGames,
      stakeProfiles: {
        VND: {
          minStakeMinor: 500_000,
          maxStakeMinor: 5_000_000_000,
          defaultStakeMinor: 2_000_000,
          chipsMinor: [500_000, 2_000_000, 10_000_000],
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value.builtinDefaults).toMatchObject({
      minStakeMinor: 500_000,
      maxStakeMinor: 5_000_000_000,
    });
    const node = await sql<{ node_id: string }>`
      SELECT node_id FROM games WHERE merchant_code = ${BASE_MERCHANT_CODE} AND game_code = 'inh-plinko'
    `.execute(db);
    const { token } = await memberWithSession(db, 10_000n);
    const launch = await launchToken(context.app, token, {
      nodeId: BigInt(node.rows[0]?.node_id ?? 0),
      vassalage: BUILTIN_VASSALAGE,
    });
    const opened = await callApi(context.app, 'POST', '/wps/builtin/session/open', {
      body: { launchToken: launch },
    });
    expect(opened.body.value).toMatchObject({
      limits: { minStake: 5_000, maxStake: 50_000_000 },
      stakes: { defaultStake: 20_000, chips: [5_000, 20_000, 100_000] },
    });
    // The refused change wrote nothing; the saved one its audit entry.
    expect(await auditEntries('settings.builtin-games')).toHaveLength(auditedBefore + 1);
    // A caller that sends no stake profiles (an older console) leaves them as they are.
    const { stakeProfiles: _kept, ...withoutProfiles } = saved.body.value.builtinGames;
    const switched = await change('builtin-games', { ...withoutProfiles, turboAllowed: true });
    expect(switched.body.value.builtinGames).toMatchObject({
      turboAllowed: true,
      stakeProfiles: { VND: { minStakeMinor: 500_000, defaultStakeMinor: 2_000_000 } },
    });
    await change('builtin-games', before.builtinGames);
  });

  it("never reaches another merchant's settings", async () => {
    await addMerchantWithRules(context.database.db, 'SETOTHER', {});
    const other = await callApi(context.app, 'GET', '/admin/settings', {
      token: adminToken,
      merchant: 'SETOTHER',
    });
    expect(other.status).toBe(401);
    const { siteAccess } = await settings();
    await change('site-access', { ...siteAccess, maintenance: true });
    const otherStatus = await callApi(context.app, 'GET', '/wps/system/status', {
      merchant: 'SETOTHER',
    });
    expect(otherStatus.body.value.status).toBe(0);
    await change('site-access', siteAccess);
  });
});

describe('a change made on one instance', () => {
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    second = await buildApp({ db: context.database.db });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
  });

  it("drops the other instances' cached merchant at once (NOTIFY), not after the cache's lifetime", async () => {
    const statusOnSecond = async () =>
      (await callApi(second, 'GET', '/wps/system/status')).body.value.status;
    expect(await statusOnSecond()).toBe(0);
    const { siteAccess } = await settings();
    await change('site-access', { ...siteAccess, maintenance: true });
    const deadline = Date.now() + 3_000;
    let seen = await statusOnSecond();
    while (seen !== 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await statusOnSecond();
    }
    expect(seen).toBe(1);
    await change('site-access', siteAccess);
  });
});
