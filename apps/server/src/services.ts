import { createHash } from 'node:crypto';
import type { Db } from './db/database.js';
import { createPostgresRateLimitStore } from './db/rate-limit-store.js';
import { createUnitOfWork } from './db/unit-of-work.js';
import { AppError } from './http/app-error.js';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.js';
import {
  createAdjustmentService,
  createAdminConsole,
  createAdminService,
  createLoginFailureRepository,
  createMemberConsoleService,
  createOperatorRepository,
  createSecretBox,
} from './modules/admin/index.js';
import {
  createAgentService,
  createTeamRollupsConsumer,
  createTeamRollupsRepository,
  createTeamService,
} from './modules/agent/index.js';
import { createAgentContracts } from './modules/agent-contracts/index.js';
import { createAuditService } from './modules/audit/index.js';
import { createBalancePush } from './modules/balance-push/index.js';
import {
  createBonusMemberCalls,
  createBonusOperatorCalls,
  createBonusService,
} from './modules/bonus/index.js';
import { createBuiltinGamesService } from './modules/builtin-games/index.js';
import { createChatRoomService } from './modules/chat-room/index.js';
import { createContentAdminService, createContentService } from './modules/content/index.js';
import {
  createEmailService,
  createOutboxEmailProvider,
  type EmailProvider,
} from './modules/email/index.js';
import { createEventsService } from './modules/events/index.js';
import { createFreeSpins } from './modules/free-spins/index.js';
import { createGameRecordsService } from './modules/game-records/index.js';
import {
  createGameEntries,
  createGameLookups,
  createGamesAdminService,
  createGamesService,
  createListCache,
  createWinnerBoard,
  emptyLobbyGroups,
} from './modules/games/index.js';
import { createLedgerService } from './modules/ledger/index.js';
import { createLottery, type LotteryPublish } from './modules/lottery/index.js';
import { createMemberServices } from './modules/member/index.js';
import { createMessagesService } from './modules/messages/index.js';
import { createMissions, createRewardPayer } from './modules/missions/index.js';
import {
  createPaymentMethodsAdminService,
  createPayments,
  createPaymentTotals,
} from './modules/payments/index.js';
import { createPhoneIdentityService } from './modules/phone-identity/index.js';
import { createPlayMetrics } from './modules/play-metrics/index.js';
import { createPlayRollups } from './modules/play-rollups/index.js';
import { createPoints, creditPointsWithin } from './modules/points/index.js';
import { createPromotions } from './modules/promotions/index.js';
import {
  createEngineRounds,
  createProviders,
  createRoundRecords,
} from './modules/providers/index.js';
import { createReferrals } from './modules/referrals/index.js';
import { createSandboxProvider } from './modules/sandbox-provider/index.js';
import { createSecurityCentre, EMAIL_CODE_TTL_MINUTES } from './modules/security-centre/index.js';
import {
  createSessionCache,
  createSessionRepository,
  createSessionService,
  type SessionService,
} from './modules/session/index.js';
import {
  createOutboxSmsProvider,
  createSmsService,
  type SmsProvider,
} from './modules/sms/index.js';
import { createOidcClient, createSocialService } from './modules/social/index.js';
import {
  type CountryLookup,
  createSiteLinksStore,
  createSystemService,
  noCountryLookup,
} from './modules/system/index.js';
import { createTransferService } from './modules/transfers/index.js';
import { createVerificationService } from './modules/verification/index.js';
import { createVip } from './modules/vip/index.js';
import { createWalletService } from './modules/wallet/index.js';
import { createWebVitalsService } from './modules/web-vitals/index.js';
import { createRealtimeHub } from './realtime/index.js';

/** The site's address as the server itself reaches it (main.ts passes the real port). */
const DEFAULT_SITE_BASE_URL = 'http://127.0.0.1:8080';

/** Every module's service on one database, built once per process and shared by HTTP and jobs. */
/**
 * The member of a session token for the realtime socket, or null when the token is no valid
 * session of that merchant (a refusal, not a failure); anything else (the database) throws.
 */
async function memberOfSession(
  sessions: SessionService,
  token: string,
  merchantCode: string,
): Promise<string | null> {
  try {
    return (await sessions.authenticate(token, merchantCode)).memberId.toString();
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * The key that seals TOTP secrets when OPERATOR_SECRET_KEY is unset: development and tests only
 * (production refuses to start without a key of its own, runtime-switches.ts).
 */
export const DEVELOPMENT_OPERATOR_SECRET_KEY = createHash('sha256')
  .update('development operator secret key')
  .digest();

/** A loyalty bonus (mission, referral) is wagered this many times its amount before it is cash. */
const LOYALTY_BONUS_WAGERING_MULTIPLE = 1n;
/** How long a loyalty bonus stays open for wagering. */
const LOYALTY_BONUS_VALID_MS = 7 * 24 * 60 * 60 * 1000;
/** How long free spins from the point mall can be played. */
const LOYALTY_FREE_SPINS_VALID_MS = 7 * 24 * 60 * 60 * 1000;

export function createServices(
  db: Db,
  options: {
    /**
     * The pool for reports and long lists (config DATABASE_READ_URL, a replica); the primary
     * when unset. Only the reads listed in docs/scaling-past-one-database.md go there.
     */
    readDb?: Db | undefined;
    defaultMerchantCode?: string | undefined;
    /** The visitor's country for the status call (header or MaxMind database); none by default. */
    countryLookup?: CountryLookup | undefined;
    /** Test-only: the answer of every captcha (see config CAPTCHA_FIXED_ANSWER). */
    captchaFixedAnswer?: string | undefined;
    /** Test-only: the gap x of every slider puzzle (see config SLIDER_FIXED_OFFSET). */
    sliderFixedOffset?: number | undefined;
    /** Where background failures (a callback that could not be delivered) are reported. */
    logError?: (details: object, message: string) => void;
    /** Where SMS messages go; by default the `sms_outbox` table. */
    smsProvider?: SmsProvider;
    /** Where e-mails go; by default the `email_outbox` table. */
    emailProvider?: EmailProvider;
    /** The site's own base URL: the API base of a provider whose launch URL is a site path. */
    siteBaseUrl?: string;
    /** How long a transfer-mode provider's answer is waited for (tests shorten it). */
    providerCallTimeoutMs?: number;
    /** Where the sandbox game provider reaches the platform (config SANDBOX_PROVIDER_PLATFORM_URL). */
    sandboxProviderPlatformUrl?: string;
    /** How long game lists and menus are served from memory; 0 (tests) asks the database each time. */
    catalogueCacheTtlMs?: number;
    /** How long a session is answered from memory (revocations drop it at once); 0 by default. */
    sessionCacheTtlMs?: number;
    /** How long member info is answered from memory (database triggers announce changes); 0 by default. */
    memberInfoCacheTtlMs?: number;
    /** Where lottery draw events go (the realtime hub); none: pages poll. */
    lotteryPublish?: LotteryPublish;
    /** Test-only: house lottery games draw this often (config LOTTERY_FAST_INTERVAL_SECONDS). */
    lotteryFastIntervalSeconds?: number | undefined;
    /** How many days applied events are kept (config EVENTS_RETENTION_DAYS). */
    eventsRetentionDays?: number | undefined;
    /** Seals operators' TOTP secrets at rest (config OPERATOR_SECRET_KEY); a fixed key outside production. */
    operatorSecretKey?: Buffer | undefined;
  } = {},
) {
  const logError =
    options.logError ??
    ((details: object, message: string) =>
      console.error(JSON.stringify({ level: 50, msg: message, ...details })));
  const readDb = options.readDb ?? db;
  const ledger = createLedgerService(db);
  /** The bonus engine (module `bonus`): promotions, missions, points and operators grant through it. */
  const bonus = createBonusService(db, { ledger });
  // The catalogue by key for the money calls: cached like the lists in the running server.
  const catalogue = createGameLookups(db, { cacheTtlMs: options.catalogueCacheTtlMs ?? 0 });
  const { launches, gameTransfers, seamlessWallet, vendorWalletTransfer } = createProviders(db, {
    ledger,
    catalogue,
    siteBaseUrl: options.siteBaseUrl ?? DEFAULT_SITE_BASE_URL,
    providerCallTimeoutMs: options.providerCallTimeoutMs,
    stakeGuard: bonus.assertStakeAllowedWithin,
  });
  const email = createEmailService(db, options.emailProvider ?? createOutboxEmailProvider(db));
  const audit = createAuditService(db);
  const vip = createVip(db, { audit });
  const member = createMemberServices(db, {
    email,
    logError,
    clubLabelOf: (memberId) => vip.service.clubLabelOf(memberId),
    infoCacheTtlMs: options.memberInfoCacheTtlMs,
  });
  const { paymentPasswords, directory: memberDirectory } = member;
  const phoneIdentity = createPhoneIdentityService(db);
  const sms = createSmsService(
    db,
    options.smsProvider ?? createOutboxSmsProvider(db),
    phoneIdentity,
  );
  const { payments, sandboxGateway, withdrawals, manualDeposits } = createPayments(db, {
    ledger,
    paymentPasswords,
    sms,
    email,
    members: memberDirectory,
    logError,
    withdrawalGuard: (executor, memberId, currency) =>
      bonus.assertWithdrawableWithin(executor ?? db, memberId, currency),
  });
  const operators = createOperatorRepository(db);
  const admin = createAdminService({
    operators,
    loginFailures: createLoginFailureRepository(db),
    audit,
    withdrawals,
    secretBox: createSecretBox(options.operatorSecretKey ?? DEVELOPMENT_OPERATOR_SECRET_KEY),
    unitOfWork: createUnitOfWork(db),
    // `system` is built below; these run per request, long after.
    merchants: {
      resolve: (code) => system.resolveMerchant({ code }),
      codes: (limit) => system.merchantCodes(limit),
    },
  });
  const playRollups = createPlayRollups(db, {
    uplinesOf: memberDirectory.uplinesOf,
    startedAtOf: (trx, keys) => createRoundRecords(trx).startedAtOf(keys),
  });
  const winnerBoard = createWinnerBoard({ membersOf: memberDirectory.byIds });
  // The same rollups' reads on the read pool: the dashboard's and the agent team pages' totals.
  const playRollupReads = createPlayRollups(readDb, {
    uplinesOf: memberDirectory.uplinesOf,
    startedAtOf: (trx, keys) => createRoundRecords(trx).startedAtOf(keys),
  });
  const paymentTotals = createPaymentTotals(readDb);
  const adminConsole = createAdminConsole({
    operators,
    audit,
    unitOfWork: createUnitOfWork(db),
    dashboardSources: {
      paymentTotals: paymentTotals.totals,
      playTotals: playRollupReads.merchantTotals,
      newMembers: memberDirectory.countJoined,
    },
  });
  const messages = createMessagesService({
    db,
    unitOfWork: createUnitOfWork(db),
    audit,
    labelsOf: async (memberId) =>
      ((await member.console.labelsOfMembers([memberId])).get(memberId) ?? []).map(
        (label) => label.id,
      ),
    // Messages to a rank reach members whose club rank (module vip) is at least that level.
    rankOf: async (_merchantCode, memberId) => {
      const level = await vip.service.rankLevelOf(memberId);
      return level > 0 ? level : null;
    },
    memberByAccount: (merchantCode, account) => memberDirectory.byAccount(merchantCode, account),
    membersByIds: (ids) => memberDirectory.byIds(ids),
    labelName: async (merchantCode, labelId) =>
      (await member.console.findLabel(merchantCode, labelId))?.name,
    operatorNames: async (merchantCode, ids) => {
      const names = new Map<bigint, string>();
      for (const id of new Set(ids)) {
        const operator = await operators.findById(merchantCode, id);
        if (operator) names.set(id, operator.username);
      }
      return names;
    },
  });
  const chatRoom = createChatRoomService({
    db,
    unitOfWork: createUnitOfWork(db),
    audit,
    usernameOf: async (memberId) => (await memberDirectory.byId(memberId))?.username,
    memberByAccount: (merchantCode, account) => memberDirectory.byAccount(merchantCode, account),
    accountsOf: async (ids) =>
      new Map([...(await memberDirectory.byIds(ids))].map(([id, party]) => [id, party.username])),
    // The club rank's name (module vip) beside the poster's name; none without a rank.
    rankLabelOf: async (_merchantCode, memberId) =>
      (await vip.service.clubLabelOf(memberId))?.labelName ?? null,
  });
  const system = createSystemService(db, {
    defaultMerchantCode: options.defaultMerchantCode,
    countryLookup: options.countryLookup,
  });
  const promotions = createPromotions(db, {
    ledger,
    audit,
    // Bonus rewards are granted by the bonus engine in the promotion's own transaction.
    bonus: {
      grantWithin: (trx, grant) => bonus.grantWithin(trx, grant),
      totalsOfSource: (merchantCode, refId) =>
        bonus.totalsOfSource(merchantCode, { kind: 'promotion', refId }),
      bonusesOf: async (merchantCode, bonusIds) =>
        new Map(
          (await bonus.findMany(merchantCode, bonusIds.map(BigInt))).map((found) => [
            found.id.toString(),
            { status: found.status, amountMinor: found.amountMinor },
          ]),
        ),
    },
    // Free-spins rewards are granted by the free-spins module (bound late: it is made below).
    freeSpins: { grantWithin: (trx, grant) => freeSpins.grantWithin(trx, grant) },
    // Points rewards are credited by the points module in the promotion's own transaction.
    points: {
      creditWithin: (trx, credit) =>
        creditPointsWithin(trx, {
          ...credit,
          memberId: Number(credit.memberId),
          reason: 'promotion',
        }),
    },
    uplineOf: async (memberId) => (await memberDirectory.byId(memberId))?.uplineMemberId ?? null,
    // Promotions limited to labels or a VIP rank read them from their owning modules.
    labelsOf: async (memberId) =>
      ((await member.console.labelsOfMembers([memberId])).get(memberId) ?? []).map(
        (label) => label.name,
      ),
    vipRankOf: (memberId) => vip.service.rankLevelOf(memberId),
    accountsOf: async (memberIds) =>
      new Map(
        [...(await memberDirectory.byIds(memberIds)).values()].map((party) => [
          party.id,
          party.username,
        ]),
      ),
    currencyOf: async (merchantCode) =>
      (await system.resolveMerchant({ code: merchantCode })).currency,
    logError,
  });
  const bonusMemberCalls = createBonusMemberCalls(bonus);
  // The reward centre lists the promotions the member can claim now (claim and raffle prizes).
  bonusMemberCalls.addClaimableSource(async (merchantCode, memberId) => {
    const merchant = await system.resolveMerchant({ code: merchantCode });
    return promotions.service.claimables({
      merchantCode,
      currency: merchant.currency,
      language: merchant.defaultLanguage,
      defaultLanguage: merchant.defaultLanguage,
      memberId,
    });
  });
  const loyaltyPoints = createPoints(db, {
    paymentPasswords,
    audit,
    memberTypesOf: async (ids) =>
      new Map([...(await memberDirectory.byIds(ids))].map(([id, party]) => [id, party.type])),
    accountsOf: async (ids) =>
      new Map([...(await memberDirectory.byIds(ids))].map(([id, party]) => [id, party.username])),
    rewardPorts: {
      // A point-mall bonus is wagered the reward's multiple of its amount within the loyalty
      // bonus's validity, like the mission and referral bonuses below.
      grantBonusWithin: (trx, grant) =>
        bonus.grantWithin(trx, {
          merchantCode: grant.merchantCode,
          memberId: Number(grant.memberId),
          currency: grant.currency,
          amountMinor: grant.amountMinor,
          requirementMinor: grant.amountMinor * BigInt(grant.wageringMultiple),
          maxBetMinor: null,
          expiresAtMs: Date.now() + LOYALTY_BONUS_VALID_MS,
          source: { kind: 'points', refId: grant.idempotencyKey },
          idempotencyKey: grant.idempotencyKey,
        }),
      grantFreeSpinsWithin: (trx, grant) =>
        freeSpins.grantWithin(trx, {
          ...grant,
          expiresAtMs: Date.now() + LOYALTY_FREE_SPINS_VALID_MS,
          source: { kind: 'points', refId: grant.idempotencyKey },
        }),
    },
  });
  // Loyalty rewards (missions, referrals): one switch of reward kinds; cash through the ledger,
  // points through the points module (bonus money: the bonus engine's one case, at merge).
  const loyaltyRewards = createRewardPayer({
    ledger,
    creditPoints: (trx, input) =>
      creditPointsWithin(trx, { ...input, memberId: Number(input.memberId) }),
    // A mission or referral bonus must be wagered once over (its own amount) within a week
    // before it turns into cash: the simplest terms an operator can explain in one line.
    grantBonus: (trx, input) =>
      bonus.grantWithin(trx, {
        merchantCode: input.merchantCode,
        memberId: Number(input.memberId),
        currency: input.currency,
        amountMinor: input.amountMinor,
        requirementMinor: input.amountMinor * LOYALTY_BONUS_WAGERING_MULTIPLE,
        maxBetMinor: null,
        expiresAtMs: Date.now() + LOYALTY_BONUS_VALID_MS,
        source: {
          kind: input.reason === 'mission' ? 'mission' : 'promotion',
          refId: input.idempotencyKey,
        },
        idempotencyKey: input.idempotencyKey,
      }),
  });
  const missions = createMissions(db, {
    unitOfWork: createUnitOfWork(db),
    rewards: loyaltyRewards,
    audit,
    directory: memberDirectory,
  });
  const referrals = createReferrals(db, {
    unitOfWork: createUnitOfWork(db),
    rewards: loyaltyRewards,
    audit,
    directory: memberDirectory,
    merchantOf: (code) => system.resolveMerchant({ code }),
  });
  const agentContracts = createAgentContracts(db, {
    ledger,
    directory: memberDirectory,
    tree: member.tree,
    merchantOf: (code) => system.resolveMerchant({ code }),
    // Bound late: the events service is made below with this module's consumer in its list.
    consumerLag: () => events.lag(),
  });
  const teamRollupsConsumer = createTeamRollupsConsumer({
    ancestorChainsOf: member.tree.ancestorChainsOf,
    startedAtOf: (trx, keys) => createRoundRecords(trx).startedAtOf(keys),
  });
  const playMetrics = createPlayMetrics();
  const events = createEventsService(db, {
    consumers: [
      playRollups.consumer,
      createBalancePush().consumer,
      winnerBoard.consumer,
      messages.consumer,
      ...promotions.consumers,
      bonus.consumer,
      loyaltyPoints.consumer,
      missions.consumer,
      referrals.consumer,
      vip.consumer,
      agentContracts.consumer,
      teamRollupsConsumer,
      playMetrics.consumer,
    ],
    retentionDays: options.eventsRetentionDays,
  });
  const adjustments = createAdjustmentService({
    ledger,
    directory: memberDirectory,
    audit,
    unitOfWork: createUnitOfWork(db),
    db,
  });
  // Reconciliation checks the business side too: each hold has its withdrawal, each
  // adjustment its audit entry (ledger.reconcile(), the job and the tests).
  ledger.addBreakCheck(() => withdrawals.findBreaks());
  ledger.addBreakCheck(() => adjustments.findBreaks());
  ledger.addBreakCheck(() => bonus.findBreaks());
  const transfers = createTransferService(db, {
    ledger,
    directory: memberDirectory,
    paymentPasswords,
  });
  // The sandbox game provider is an outside provider: it reaches the platform over HTTP only.
  const sandboxProvider = createSandboxProvider(db, {
    platformUrl: options.sandboxProviderPlatformUrl ?? options.siteBaseUrl ?? DEFAULT_SITE_BASE_URL,
    logError,
  });
  const sessions = createSessionService(
    createSessionRepository(db),
    undefined,
    createSessionCache(options.sessionCacheTtlMs ?? 0),
  );
  const realtime = createRealtimeHub({
    db,
    logError,
    authenticate: (token, merchantCode) => memberOfSession(sessions, token, merchantCode),
  });
  const gameEntries = createGameEntries(db);
  const builtinGames = createBuiltinGamesService(db, {
    wallet: seamlessWallet,
    walletSessionOwner: (walletSessionId) => seamlessWallet.sessionOwner(walletSessionId),
    ledger,
    engineRounds: createEngineRounds(),
    gameEntries,
    logError,
    stakeGuard: bonus.assertStakeAllowedWithin,
  });
  // A free spin's win is a bonus wagered the grant's multiple of it (the bonus engine's rule).
  const freeSpins = createFreeSpins(db, {
    builtinGames,
    ledger,
    grantBonusWithin: (trx, grant) =>
      bonus.grantWithin(trx, {
        ...grant,
        memberId: Number(grant.memberId),
        maxBetMinor: null,
      }),
  });
  const lottery = createLottery(db, {
    ledger,
    catalogue,
    gameCacheTtlMs: options.catalogueCacheTtlMs ?? 0,
    audit,
    publish: options.lotteryPublish ?? ((event) => realtime.publish(event)),
    fastIntervalSeconds: options.lotteryFastIntervalSeconds,
    stakeGuard: bonus.assertStakeAllowedWithin,
    log: { info: () => {}, error: logError },
  });
  const contentAdmin = createContentAdminService({
    db,
    unitOfWork: createUnitOfWork(db),
    audit,
    siteLinks: createSiteLinksStore(),
    forgetMerchants: () => system.forgetMerchants(),
  });
  const catalogueLists = createListCache(options.catalogueCacheTtlMs ?? 0);
  /** Drops this instance's catalogue caches: the lobby's lists, the money calls' and rounds' entries. */
  const forgetCatalogue = () => {
    catalogueLists.clear();
    catalogue.forget();
    gameEntries.forget();
  };
  const gamesAdmin = createGamesAdminService({
    db,
    unitOfWork: createUnitOfWork(db),
    audit,
    forgetCatalogue,
  });
  const paymentMethodsAdmin = createPaymentMethodsAdminService({
    db,
    unitOfWork: createUnitOfWork(db),
    audit,
  });
  const gameRecords = createGameRecordsService(readDb);
  const memberConsole = createMemberConsoleService({
    members: member.console,
    directory: memberDirectory,
    sessions,
    ledger,
    passwordResets: member.passwordResets,
    audit,
    unitOfWork: createUnitOfWork(db),
    gameRecords,
    lotteryBets: (filter, page) => lottery.reads.myBets(filter, page),
    sendSms: (message) => sms.sendText(message),
  });
  const securityCentre = createSecurityCentre(db, {
    members: member.members,
    memberSecurity: member.security,
    paymentPasswords,
    sessions,
    sms,
    sendEmailCode: ({ merchant, to, code }) =>
      email.sendContactCode({
        merchantCode: merchant.code,
        siteName: merchant.name,
        to,
        code,
        validMinutes: EMAIL_CODE_TTL_MINUTES,
      }),
    rateLimit: createRateLimiter(createPostgresRateLimitStore(db)),
    countryOfIp: (ip) => (options.countryLookup ?? noCountryLookup).countryOf({ ip, headers: {} }),
    // VIP customer service follows the club rank (module vip).
    clubRankLevelOf: (_merchant, memberId) => vip.service.rankLevelOf(memberId),
  });
  const games = createGamesService(db, undefined, catalogueLists);
  return {
    system,
    sessions,
    members: member.members,
    social: createSocialService(db, {
      oidc: createOidcClient(),
      externalMembers: member.externalMembers,
    }),
    ledger,
    wallet: createWalletService(db, {
      ledger,
      vendorTransfer: vendorWalletTransfer,
      contractFlagsOf: agentContracts.flagsOf,
    }),
    payments,
    sandboxGateway,
    sandboxProvider,
    paymentPasswords,
    withdrawals,
    audit,
    admin,
    adminConsole,
    manualDeposits,
    adjustments,
    transfers,
    verification: createVerificationService(db, {
      fixedCaptchaAnswer: options.captchaFixedAnswer,
      fixedSliderOffset: options.sliderFixedOffset,
    }),
    content: createContentService(db, undefined, {
      emptyLobbyGroups: async (scope) => emptyLobbyGroups(await games.gameMenus(scope)),
    }),
    contentAdmin,
    games,
    /** The console's Games pages (module games); each change drops every instance's caches. */
    gamesAdmin,
    forgetCatalogue,
    /** The lobby calls' serialized replies (games routes), dropped with the lists by forgetCatalogue. */
    catalogueAnswers: catalogueLists,
    /** The console's payment methods page (module payments). */
    paymentMethodsAdmin,
    agents: createAgentService({ downline: member.downline }),
    gameRecords,
    /** The console's Members pages (module admin over member, session, ledger and others). */
    memberConsole,
    sms,
    email,
    passwordResets: member.passwordResets,
    phoneIdentity,
    /** The seamless wallet; builtin game providers call it in-process. */
    seamlessWallet,
    /**
     * The built-in games' engine: opens sessions through the seamless wallet in-process, and
     * plays each round (or step) in one transaction with its ledger transfers and its event.
     */
    builtinGames,
    /** Free spins on the built-in slots: grants (points, promotions) and the slot's spins. */
    freeSpins,
    /** Catalogue entries per game from memory (built-in rounds); `forget` after a change. */
    gameEntries,
    launches,
    gameTransfers,
    /** The lottery engine (module `lottery`): reads, slips, operators, the draw machine. */
    lottery,
    /**
     * Realtime push: `publish({merchantCode, topic, data})` reaches every instance's sockets.
     * Its LISTEN connection opens at the first subscriber; the app closes it on shutdown.
     */
    realtime,
    rateLimit: createRateLimiter(createPostgresRateLimitStore(db)) as RateLimiter,
    /** The event stream: consumers' runner, lag and retention (module `events`). */
    events,
    /** Play rollups per member and agent per day (the stream's first consumer). */
    playRollups,
    /** Platform messages (messageV2): members' inbox, operators' sends, system messages. */
    messages,
    /** The merchant's chat room and its moderation. */
    chatRoom,
    /** Promotions: catalogue and member flows, operators, consumers, the raffle drawer. */
    promotions,
    /** The bonus engine: grants (`grantWithin`), wagering, conversion, expiry, forfeit. */
    bonus,
    /** The member's bonus calls (bonus details, reward centre, forfeit); promotions add claimables. */
    bonusMemberCalls,
    /** The console's bonus calls: the list and a grant by hand (audited in its transaction). */
    bonusOperatorCalls: createBonusOperatorCalls({
      bonus,
      directory: memberDirectory,
      audit,
      unitOfWork: createUnitOfWork(db),
    }),
    /** The member's security centre: contacts, payment password, logins, devices, language. */
    securityCentre,
    /** Points and the point mall (module `points`): the member's calls. */
    points: loyaltyPoints.points,
    /** The operators' points calls: rules, catalogue, redemption queue. */
    pointsAdmin: loyaltyPoints.admin,
    /** Missions (progress from the stream, claims, the board) and the console's missions. */
    missions: missions.service,
    missionsAdmin: missions.admin,
    /** Invite friends (codes, friends, rewards from the stream) and the console's rule. */
    referrals: referrals.service,
    referralsAdmin: referrals.admin,
    /** Club ranks (module `vip`): `vip.rankLevelOf(memberId)`, clubLabel, the operators' calls. */
    vip: vip.service,
    /** Agent contracts: salaries and dividends, their team figures and settlement. */
    agentContracts,
    /** The downline tree at any depth (module member): agent authorization, operator moves. */
    memberTree: member.tree,
    /** Member info kept in memory (app.ts LISTENs for its changes when it keeps anything). */
    memberInfoCache: member.infoCache,
    memberDirectory,
    /** The agent centre's team pages (module agent), over the tree and the team rollups. */
    agentTeam: createTeamService({
      tree: member.tree,
      downline: member.downline,
      directory: memberDirectory,
      members: member.members,
      teamRollups: createTeamRollupsRepository(readDb),
      membersPlay: playRollupReads.membersPlay,
      balancesOf: (ids) => ledger.membersMainCashAvailable(ids),
      revokeSessionsWithin: (executor, memberId) =>
        sessions.revokeAllOfMemberWithin(executor, memberId),
      unitOfWork: createUnitOfWork(db),
    }),
    /** Settled rounds, stakes and wins this instance counted from the stream (`/metrics`). */
    playMetrics,
    /** Real-user Web Vitals (module `web-vitals`): the site's reports, the console's p75. */
    webVitals: createWebVitalsService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
