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
import { createAuditService } from './modules/audit/index.js';
import { createBalancePush } from './modules/balance-push/index.js';
import { createBuiltinGamesService } from './modules/builtin-games/index.js';
import { createContentAdminService, createContentService } from './modules/content/index.js';
import {
  createEmailService,
  createOutboxEmailProvider,
  type EmailProvider,
} from './modules/email/index.js';
import { createEventsService } from './modules/events/index.js';
import { createGameRecordsService } from './modules/game-records/index.js';
import {
  createGameEntries,
  createGameLookups,
  createGamesAdminService,
  createGamesService,
  createListCache,
  createWinnerBoard,
} from './modules/games/index.js';
import { createLedgerService } from './modules/ledger/index.js';
import { createLottery, type LotteryPublish } from './modules/lottery/index.js';
import { createMemberServices } from './modules/member/index.js';
import {
  createPaymentMethodsAdminService,
  createPayments,
  createPaymentTotals,
} from './modules/payments/index.js';
import { createPhoneIdentityService } from './modules/phone-identity/index.js';
import { createPlayRollups } from './modules/play-rollups/index.js';
import {
  createEngineRounds,
  createProviders,
  createRoundRecords,
} from './modules/providers/index.js';
import { createSandboxProvider } from './modules/sandbox-provider/index.js';
import {
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
} from './modules/system/index.js';
import { createTransferService } from './modules/transfers/index.js';
import { createVerificationService } from './modules/verification/index.js';
import { createWalletService } from './modules/wallet/index.js';
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

export function createServices(
  db: Db,
  options: {
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
  const ledger = createLedgerService(db);
  // The catalogue by key for the money calls: cached like the lists in the running server.
  const catalogue = createGameLookups(db, { cacheTtlMs: options.catalogueCacheTtlMs ?? 0 });
  const { launches, gameTransfers, seamlessWallet, vendorWalletTransfer } = createProviders(db, {
    ledger,
    catalogue,
    siteBaseUrl: options.siteBaseUrl ?? DEFAULT_SITE_BASE_URL,
    providerCallTimeoutMs: options.providerCallTimeoutMs,
  });
  const email = createEmailService(db, options.emailProvider ?? createOutboxEmailProvider(db));
  const member = createMemberServices(db, { email, logError });
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
  });
  const audit = createAuditService(db);
  const operators = createOperatorRepository(db);
  const admin = createAdminService({
    operators,
    loginFailures: createLoginFailureRepository(db),
    audit,
    withdrawals,
    secretBox: createSecretBox(options.operatorSecretKey ?? DEVELOPMENT_OPERATOR_SECRET_KEY),
    unitOfWork: createUnitOfWork(db),
  });
  const playRollups = createPlayRollups(db, {
    uplinesOf: memberDirectory.uplinesOf,
    startedAtOf: (trx, keys) => createRoundRecords(trx).startedAtOf(keys),
  });
  const winnerBoard = createWinnerBoard({ membersOf: memberDirectory.byIds });
  const paymentTotals = createPaymentTotals(db);
  const adminConsole = createAdminConsole({
    operators,
    audit,
    unitOfWork: createUnitOfWork(db),
    dashboardSources: {
      paymentTotals: paymentTotals.totals,
      playTotals: playRollups.merchantTotals,
      newMembers: memberDirectory.countJoined,
    },
  });
  const teamRollupsConsumer = createTeamRollupsConsumer({
    ancestorChainsOf: member.tree.ancestorChainsOf,
    startedAtOf: (trx, keys) => createRoundRecords(trx).startedAtOf(keys),
  });
  const events = createEventsService(db, {
    consumers: [
      playRollups.consumer,
      createBalancePush().consumer,
      winnerBoard.consumer,
      teamRollupsConsumer,
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
  const sessions = createSessionService(createSessionRepository(db));
  const realtime = createRealtimeHub({
    db,
    logError,
    authenticate: (token, merchantCode) => memberOfSession(sessions, token, merchantCode),
  });
  const gameEntries = createGameEntries(db);
  const lottery = createLottery(db, {
    ledger,
    catalogue,
    gameCacheTtlMs: options.catalogueCacheTtlMs ?? 0,
    audit,
    publish: options.lotteryPublish ?? ((event) => realtime.publish(event)),
    fastIntervalSeconds: options.lotteryFastIntervalSeconds,
    log: { info: () => {}, error: logError },
  });
  const system = createSystemService(db, {
    defaultMerchantCode: options.defaultMerchantCode,
    countryLookup: options.countryLookup,
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
  const gameRecords = createGameRecordsService(db);
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
  });
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
    content: createContentService(db),
    contentAdmin,
    games: createGamesService(db, undefined, catalogueLists),
    /** The console's Games pages (module games); each change drops every instance's caches. */
    gamesAdmin,
    forgetCatalogue,
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
    builtinGames: createBuiltinGamesService(db, {
      wallet: seamlessWallet,
      walletSessionOwner: (walletSessionId) => seamlessWallet.sessionOwner(walletSessionId),
      ledger,
      engineRounds: createEngineRounds(),
      gameEntries,
      logError,
    }),
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
    /** The downline tree at any depth (module member): agent authorization, operator moves. */
    memberTree: member.tree,
    memberDirectory,
    /** The agent centre's team pages (module agent), over the tree and the team rollups. */
    agentTeam: createTeamService({
      tree: member.tree,
      downline: member.downline,
      directory: memberDirectory,
      members: member.members,
      teamRollups: createTeamRollupsRepository(db),
      membersPlay: playRollups.membersPlay,
      balancesOf: (ids) => ledger.membersMainCashAvailable(ids),
      revokeSessionsWithin: (executor, memberId) =>
        sessions.revokeAllOfMemberWithin(executor, memberId),
      unitOfWork: createUnitOfWork(db),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
