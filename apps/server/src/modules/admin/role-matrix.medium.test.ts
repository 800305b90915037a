import {
  ADMIN_WITHDRAWAL_PROOF_PATH,
  type AdminRouteName,
  adminRoutePermissions,
  adminRoutes,
  operatorRoles,
  type Permission,
  roleAllows,
} from '@app/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';

const context = useTestApp();

/** Every admin route of the contract; logout last, since it ends the session the walk uses. */
const routeNames = (Object.keys(adminRoutes) as AdminRouteName[]).sort(
  (left, right) => Number(left === 'adminLogout') - Number(right === 'adminLogout'),
);

/** The body of a settings section's change call, from the settings as read. */
function bodyOf(settings: Record<string, unknown>, section: string): unknown {
  const key = {
    'white-label': 'whiteLabel',
    registration: 'registerSettings',
    languages: 'languages',
    'site-access': 'siteAccess',
    'builtin-games': 'builtinGames',
  }[section];
  return key ? settings[key] : {};
}

async function signIn(role: string): Promise<string> {
  const username = `matrix-${role}`;
  const password = await addOperator(context.database.db, username, role as never);
  const login = await callApi(context.app, 'POST', '/admin/session/login', {
    body: { username, password },
  });
  expect(login.status).toBe(200);
  return login.body.value.token as string;
}

describe('the role matrix on every admin route', () => {
  it('registers every route of the contract, each with an access rule', () => {
    for (const name of routeNames) {
      const route = adminRoutes[name];
      expect(adminRoutePermissions[name], name).toBeDefined();
      expect(context.app.hasRoute({ method: route.method, url: route.path }), name).toBe(true);
    }
  });

  it('gives the Members actions to the roles docs/operator-access.md names', () => {
    const holders = (permission: Permission) =>
      operatorRoles.filter((role) => roleAllows(role, permission));
    expect(holders('members:read')).toEqual(['admin', 'finance', 'support', 'risk', 'read-only']);
    expect(holders('members:lock')).toEqual(['admin', 'support', 'risk']);
    expect(holders('members:notes')).toEqual(['admin', 'finance', 'support', 'risk']);
    expect(holders('members:labels')).toEqual(['admin', 'support', 'risk']);
    expect(holders('members:reset-password')).toEqual(['admin', 'support']);
    expect(holders('members:adjust')).toEqual(['admin', 'finance']);
    expect(holders('members:approve-adjustment')).toEqual(['admin', 'finance']);
  });

  it('gives the lottery games read to every role and their configuration to admin only', () => {
    const holders = (permission: Permission) =>
      operatorRoles.filter((role) => roleAllows(role, permission));
    expect(holders('lottery:read')).toEqual(operatorRoles);
    expect(holders('lottery:configure')).toEqual(['admin']);
    expect(adminRoutePermissions.adminLotteryGames).toBe('lottery:read');
    expect(adminRoutePermissions.adminLotteryConfigureGame).toBe('lottery:configure');
  });

  it('gives loyalty reads to the readers and content, its configuration to admin and content and its decisions to admin, finance and support', () => {
    const holders = (permission: Permission) =>
      operatorRoles.filter((role) => roleAllows(role, permission));
    expect(holders('loyalty:read')).toEqual([
      'admin',
      'finance',
      'content',
      'support',
      'risk',
      'read-only',
    ]);
    expect(holders('loyalty:configure')).toEqual(['admin', 'content']);
    expect(holders('loyalty:decide')).toEqual(['admin', 'finance', 'support']);
    expect(adminRoutePermissions.adminApprovePointRedemption).toBe('loyalty:decide');
    expect(adminRoutePermissions.adminRejectPointRedemption).toBe('loyalty:decide');
    expect(adminRoutePermissions.adminSavePointRules).toBe('loyalty:configure');
    expect(adminRoutePermissions.adminSavePointReward).toBe('loyalty:configure');
    expect(adminRoutePermissions.adminSaveVipRanks).toBe('loyalty:configure');
    expect(adminRoutePermissions.adminPointRules).toBe('loyalty:read');
    expect(adminRoutePermissions.adminVipRanks).toBe('loyalty:read');
    expect(adminRoutePermissions.adminMemberLabelColours).toBe('loyalty:read');
    expect(adminRoutePermissions.adminSaveMemberLabelColours).toBe('loyalty:configure');
  });

  it.each(operatorRoles)(
    'answers 403 FORBIDDEN to %s exactly where the matrix says',
    async (role) => {
      const token = await signIn(role);
      const refused: string[] = [];
      const expected: string[] = [];
      for (const name of routeNames) {
        const access = adminRoutePermissions[name];
        if (access === 'public') continue;
        const route = adminRoutes[name];
        // An empty body: an allowed call fails validation or finds nothing, never 403.
        const response = await callApi(context.app, route.method, route.path, {
          token,
          ...(route.method === 'GET' ? {} : { body: {} }),
        });
        if (response.status === 403) {
          expect(response.body.errorCode, name).toBe('FORBIDDEN');
          refused.push(name);
        }
        if (access !== 'session' && !roleAllows(role, access)) expected.push(name);
      }
      expect(refused.sort()).toEqual(expected.sort());
    },
  );

  it('lets every role but finance read the settings, and only admin change them', async () => {
    const sections = ['white-label', 'registration', 'languages', 'site-access', 'builtin-games'];
    for (const role of operatorRoles) {
      const token = await signIn(role);
      const read = await callApi(context.app, 'GET', '/admin/settings', { token });
      expect(read.status, `${role} reads`).toBe(role === 'finance' ? 403 : 200);
      for (const section of sections) {
        // The settings as read, sent back unchanged: allowed to admin, refused to the others.
        const body = read.status === 200 ? bodyOf(read.body.value, section) : {};
        const response = await callApi(context.app, 'POST', `/admin/settings/${section}`, {
          token,
          body,
        });
        expect(response.status, `${role} ${section}`).toBe(role === 'admin' ? 200 : 403);
      }
    }
  });

  it('guards the proof image route (not a contract call) with withdrawals:read', async () => {
    for (const role of operatorRoles) {
      const token = await signIn(role);
      const response = await callApi(
        context.app,
        'GET',
        `${ADMIN_WITHDRAWAL_PROOF_PATH}?withdrawalId=00000000-0000-4000-8000-000000000000`,
        { token },
      );
      expect(response.status === 403, role).toBe(!roleAllows(role, 'withdrawals:read'));
    }
  });

  it('opens the Content calls to every role for reading and to admin and content for changes', () => {
    const contentRoutes = (Object.keys(adminRoutes) as AdminRouteName[]).filter((name) =>
      adminRoutes[name].path.startsWith('/admin/content/'),
    );
    expect(contentRoutes.length).toBeGreaterThanOrEqual(12);
    for (const name of contentRoutes) {
      const access = adminRoutePermissions[name];
      expect(access, name).toBe(
        adminRoutes[name].method === 'GET' ? 'content:read' : 'content:edit',
      );
    }
    expect(operatorRoles.filter((role) => roleAllows(role, 'content:edit'))).toEqual([
      'admin',
      'content',
    ]);
    expect(operatorRoles.every((role) => roleAllows(role, 'content:read'))).toBe(true);
  });

  it('opens the Games calls to every role for reading and to admin and content for changes', () => {
    const gameRoutes = (Object.keys(adminRoutes) as AdminRouteName[]).filter((name) =>
      adminRoutes[name].path.startsWith('/admin/games'),
    );
    // Vendors, games, icons, new games and PvP rooms.
    expect(gameRoutes.length).toBe(8);
    for (const name of gameRoutes) {
      expect(adminRoutePermissions[name], name).toBe(
        adminRoutes[name].method === 'GET' ? 'games:read' : 'games:edit',
      );
    }
    expect(operatorRoles.filter((role) => roleAllows(role, 'games:edit'))).toEqual([
      'admin',
      'content',
    ]);
    expect(operatorRoles.every((role) => roleAllows(role, 'games:read'))).toBe(true);
  });

  it('shows withdrawal limits to the withdrawal readers and lets admin and finance change them and the bank account', () => {
    expect(adminRoutePermissions.adminWithdrawalLimits).toBe('withdrawals:read');
    expect(adminRoutePermissions.adminUpdateWithdrawalLimits).toBe('payments:edit');
    expect(adminRoutePermissions.adminUpdateBankDetails).toBe('payments:edit');
    expect(operatorRoles.filter((role) => roleAllows(role, 'payments:edit'))).toEqual([
      'admin',
      'finance',
    ]);
  });

  it('gives messages and chat reads to every role, sending and moderation to admin, content and support, the room settings to admin', () => {
    const holders = (permission: Permission) =>
      operatorRoles.filter((role) => roleAllows(role, permission));
    expect(holders('messages:read')).toEqual(operatorRoles);
    expect(holders('messages:send')).toEqual(['admin', 'content', 'support']);
    expect(holders('chat:read')).toEqual(operatorRoles);
    expect(holders('chat:moderate')).toEqual(['admin', 'content', 'support']);
    expect(holders('chat:configure')).toEqual(['admin']);
    expect(adminRoutePermissions.adminSendMessage).toBe('messages:send');
    expect(adminRoutePermissions.adminChatMute).toBe('chat:moderate');
    expect(adminRoutePermissions.adminChatDeleteMessage).toBe('chat:moderate');
    expect(adminRoutePermissions.adminChatPost).toBe('chat:moderate');
    expect(adminRoutePermissions.adminUpdateChatRoom).toBe('chat:configure');
  });

  it('opens the Promotions calls to every role for reading, editing to admin and content, reviews to admin, finance and support', () => {
    const promotionRoutes = (Object.keys(adminRoutes) as AdminRouteName[]).filter((name) =>
      adminRoutes[name].path.startsWith('/admin/promotions'),
    );
    expect(promotionRoutes.length).toBe(9);
    expect(promotionRoutes).toContain('adminPromotionParticipants');
    expect(promotionRoutes).toContain('adminPromotionPreview');
    for (const name of promotionRoutes) {
      const expected =
        adminRoutes[name].method === 'GET'
          ? 'promotions:read'
          : name === 'adminDecideApplication'
            ? 'promotions:review'
            : 'promotions:edit';
      expect(adminRoutePermissions[name], name).toBe(expected);
    }
    const holders = (permission: Permission) =>
      operatorRoles.filter((role) => roleAllows(role, permission));
    expect(holders('promotions:read')).toEqual(operatorRoles);
    expect(holders('promotions:edit')).toEqual(['admin', 'content']);
    expect(holders('promotions:review')).toEqual(['admin', 'finance', 'support']);
  });

  it('lets every reader list bonuses and admin and finance grant them', () => {
    const holders = (permission: Permission) =>
      operatorRoles.filter((role) => roleAllows(role, permission));
    expect(holders('bonuses:read')).toEqual(['admin', 'finance', 'support', 'risk', 'read-only']);
    expect(holders('bonuses:grant')).toEqual(['admin', 'finance']);
    expect(adminRoutePermissions.adminBonuses).toBe('bonuses:read');
    expect(adminRoutePermissions.adminGrantBonus).toBe('bonuses:grant');
    expect(adminRoutePermissions.adminForfeitBonus).toBe('bonuses:grant');
  });

  it('lets only platform admins manage platform operators: 403 to the other roles of a platform operator, 404 to merchant admins', async () => {
    const platformRoutes = (Object.keys(adminRoutes) as AdminRouteName[]).filter((name) =>
      adminRoutes[name].path.startsWith('/admin/platform-operators'),
    );
    expect(platformRoutes.sort()).toEqual([
      'adminCreatePlatformOperator',
      'adminLockPlatformOperator',
      'adminPlatformOperators',
    ]);
    for (const name of platformRoutes) {
      expect(adminRoutePermissions[name]).toBe('platform-operators:manage');
    }
    expect(operatorRoles.filter((role) => roleAllows(role, 'platform-operators:manage'))).toEqual([
      'admin',
    ]);
    const merchantAdmin = await signIn('admin');
    for (const role of operatorRoles) {
      const username = `matrix-platform-${role}`;
      const password = await addOperator(context.database.db, username, role as never);
      await sql`UPDATE operators SET kind = 'platform' WHERE username = ${username}`.execute(
        context.database.db,
      );
      const login = await callApi(context.app, 'POST', '/admin/session/login', {
        body: { username, password },
      });
      const token = login.body.value.token as string;
      for (const name of platformRoutes) {
        const route = adminRoutes[name];
        const options = route.method === 'GET' ? {} : { body: {} };
        const asPlatform = await callApi(context.app, route.method, route.path, {
          token,
          ...options,
        });
        // An empty body: the admin's call fails validation (400) or lists (200), never 403.
        expect(asPlatform.status === 403, `${role} ${name}`).toBe(role !== 'admin');
        if (role !== 'admin') continue;
        const asMerchant = await callApi(context.app, route.method, route.path, {
          token: merchantAdmin,
          ...(route.method === 'GET' ? {} : { body: { operatorId: 1, locked: true } }),
        });
        if (route.method === 'GET' || name === 'adminLockPlatformOperator') {
          expect(asMerchant.status, `merchant admin ${name}`).toBe(404);
        }
      }
    }
  });

  it('serves uploaded content images to anyone (they are public like the banners)', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/content/images/00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
  });

  it('opens missions to every role for reading, and missions and the referral rule to admin and finance for changes', () => {
    const holders = (permission: Permission) =>
      operatorRoles.filter((role) => roleAllows(role, permission));
    expect(holders('missions:read')).toEqual(operatorRoles);
    expect(holders('missions:edit')).toEqual(['admin', 'finance']);
    expect(holders('referrals:edit')).toEqual(['admin', 'finance']);
    expect(adminRoutePermissions.adminMissions).toBe('missions:read');
    expect(adminRoutePermissions.adminSaveMission).toBe('missions:edit');
    expect(adminRoutePermissions.adminSetMissionStatus).toBe('missions:edit');
    expect(adminRoutePermissions.adminReferralRule).toBe('missions:read');
    expect(adminRoutePermissions.adminSaveReferralRule).toBe('referrals:edit');
  });

  it('gives the agent programme reads to the readers and its changes to admin and finance', () => {
    const holders = (permission: Permission) =>
      operatorRoles.filter((role) => roleAllows(role, permission));
    expect(holders('agents:read')).toEqual(['admin', 'finance', 'support', 'risk', 'read-only']);
    expect(holders('agents:manage')).toEqual(['admin', 'finance']);
    expect(adminRoutePermissions.adminAgents).toBe('agents:read');
    expect(adminRoutePermissions.adminAgentContracts).toBe('agents:read');
    expect(adminRoutePermissions.adminAgentSettlements).toBe('agents:read');
    expect(adminRoutePermissions.adminTerminateAgentContract).toBe('agents:manage');
    expect(adminRoutePermissions.adminRerunAgentSettlement).toBe('agents:manage');
    expect(adminRoutePermissions.adminVoidAgentSettlement).toBe('agents:manage');
    expect(adminRoutePermissions.adminAgentContractTemplates).toBe('agents:read');
    expect(adminRoutePermissions.adminAgentContractHistory).toBe('agents:read');
    expect(adminRoutePermissions.adminSaveAgentContractTemplate).toBe('agents:manage');
    expect(adminRoutePermissions.adminOverrideAgentContract).toBe('agents:manage');
    expect(adminRoutePermissions.adminSetHouseContract).toBe('agents:manage');
  });

  it('shows the withdrawal bank list to the withdrawal readers and lets admin and finance edit it', async () => {
    expect(adminRoutePermissions.adminWithdrawalBanks).toBe('withdrawals:read');
    expect(adminRoutePermissions.adminAddWithdrawalBank).toBe('payments:edit');
    expect(adminRoutePermissions.adminUpdateWithdrawalBank).toBe('payments:edit');
    for (const role of operatorRoles) {
      const token = await signIn(role);
      const read = await callApi(context.app, 'GET', '/admin/payments/withdrawal-banks', { token });
      expect(read.status, `${role} reads`).toBe(roleAllows(role, 'withdrawals:read') ? 200 : 403);
      // A valid change: allowed roles add the bank, the others are refused before anything.
      const added = await callApi(context.app, 'POST', '/admin/payments/withdrawal-banks', {
        token,
        body: { name: `Matrix Bank ${role}` },
      });
      expect(added.status, `${role} adds`).toBe(roleAllows(role, 'payments:edit') ? 200 : 403);
    }
  });

  it('lets every role read the field Web Vitals report', () => {
    const holders = (permission: Permission) =>
      operatorRoles.filter((role) => roleAllows(role, permission));
    expect(holders('reports:read')).toEqual(operatorRoles);
    expect(adminRoutePermissions.adminWebVitals).toBe('reports:read');
  });
});
