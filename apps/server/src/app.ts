import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { type Db, databasePoolFigures, databasePoolWaiting, pingDatabase } from './db/database.js';
import { createUnitOfWork } from './db/unit-of-work.js';
import { watchNotifiedCache } from './db/watch-notified-cache.js';
import { AppError } from './http/app-error.js';
import { createCallRegistrar } from './http/call-route.js';
import { CONSOLE_DIST_DIR, installConsoleApp } from './http/console-app.js';
import { installErrorHandling } from './http/error-handler.js';
import { installFormBodies } from './http/form-body.js';
import { registerHealthRoutes } from './http/health.js';
import { installIdempotencyInFlight } from './http/idempotency-in-flight.js';
import { installInputGuard } from './http/input-guard.js';
import {
  DEFAULT_LOAD_SHEDDING_LIMITS,
  installLoadShedding,
  type LoadSheddingLimits,
} from './http/load-shedding.js';
import { createProcessMetrics, registerMetricsRoute } from './http/metrics-route.js';
import {
  databasePoolFamilies,
  eventLagFamilies,
  jobQueueFamilies,
  loadFamilies,
  reconciliationFamilies,
} from './http/platform-metrics.js';
import type { RateLimiter } from './http/rate-limit.js';
import {
  DEFAULT_REQUEST_LOGGING,
  installRequestLogging,
  type RequestLoggingOptions,
  requestIdGenerator,
} from './http/request-logging.js';
import { installRequestMetrics } from './http/request-metrics.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { sessionTokenOf } from './http/session-token.js';
import { installWebApp } from './http/web-app.js';
import type { JobQueueDepth } from './jobs/runner.js';
import {
  createAdminCallRegistrar,
  registerAdminAgentContractRoutes,
  registerAdminAgentTreeRoutes,
  registerAdminConsoleRoutes,
  registerAdminExportRoutes,
  registerAdminMemberRoutes,
  registerAdminMoneyRoutes,
  registerAdminProofRoute,
  registerAdminRoutes,
  registerAdminSettingsRoutes,
} from './modules/admin/index.js';
import { registerAgentRoutes } from './modules/agent/index.js';
import { registerAgentContractRoutes } from './modules/agent-contracts/index.js';
import { registerBonusAdminRoutes, registerBonusRoutes } from './modules/bonus/index.js';
import { registerBuiltinGamesRoutes } from './modules/builtin-games/index.js';
import { registerChatRoomAdminRoutes, registerChatRoomRoutes } from './modules/chat-room/index.js';
import {
  registerContentAdminRoutes,
  registerContentImageRoute,
  registerContentRoutes,
} from './modules/content/index.js';
import { registerDevOutboxRoutes } from './modules/dev-outbox/index.js';
import { registerFreeSpinsRoutes } from './modules/free-spins/index.js';
import { registerGameRecordsRoutes } from './modules/game-records/index.js';
import {
  registerGameIconRoute,
  registerGamesAdminRoutes,
  registerGamesCatalogueAdminRoutes,
  registerGamesRoutes,
  watchCatalogueChanges,
} from './modules/games/index.js';
import { registerLotteryAdminRoutes, registerLotteryRoutes } from './modules/lottery/index.js';
import {
  MEMBERS_CHANGED_CHANNEL,
  registerMemberRoutes,
  registerPasswordResetRoutes,
} from './modules/member/index.js';
import { registerMessagesAdminRoutes, registerMessagesRoutes } from './modules/messages/index.js';
import { registerMissionAdminRoutes, registerMissionRoutes } from './modules/missions/index.js';
import {
  registerPaymentMethodsAdminRoutes,
  registerPaymentsRoutes,
  registerSandboxGatewayRoutes,
  registerWithdrawalProofRoute,
  registerWithdrawalRoutes,
} from './modules/payments/index.js';
import { registerPointsAdminRoutes, registerPointsRoutes } from './modules/points/index.js';
import {
  registerPromotionAdminRoutes,
  registerPromotionRoutes,
} from './modules/promotions/index.js';
import { registerLaunchRoutes, registerSeamlessRoutes } from './modules/providers/index.js';
import { registerReferralAdminRoutes, registerReferralRoutes } from './modules/referrals/index.js';
import { registerSandboxProviderRoutes } from './modules/sandbox-provider/index.js';
import {
  createCustomerServiceChooser,
  registerSecurityCentreRoutes,
} from './modules/security-centre/index.js';
import {
  authOf,
  createAuthenticate,
  createLoginService,
  isAgentType,
  registerSessionRoutes,
  requireAgent,
  requireRealMember,
  watchSessionChanges,
} from './modules/session/index.js';
import { registerSmsRoutes } from './modules/sms/index.js';
import { registerSocialRoutes } from './modules/social/index.js';
import {
  type CountryLookup,
  createMerchantSettings,
  installMerchantResolution,
  merchantOf,
  registerManifestRoute,
  registerSystemRoutes,
} from './modules/system/index.js';
import { registerTransferRoutes } from './modules/transfers/index.js';
import { registerVerificationRoutes } from './modules/verification/index.js';
import { registerVipAdminRoutes } from './modules/vip/index.js';
import { registerWalletRoutes } from './modules/wallet/index.js';
import {
  registerWebVitalsAdminRoutes,
  registerWebVitalsRoutes,
} from './modules/web-vitals/index.js';
import { registerRealtimeRoutes } from './realtime/index.js';
import { createServices, type Services } from './services.js';

/** Largest request body accepted; no call of the API needs more. */
export const REQUEST_BODY_LIMIT_BYTES = 64 * 1024;
export const REQUEST_TIMEOUT_MS = 30_000;

export interface AppDeps {
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** A logger made by the caller (main.ts shares it with the services); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** Bounds of load shedding (tests lower them); the named defaults of http/load-shedding.ts. */
  loadShedding?: Partial<LoadSheddingLimits>;
  /** Slow-request threshold and summary interval; the named defaults of http/request-logging.ts. */
  requestLogging?: Partial<RequestLoggingOptions>;
  /**
   * Reverse proxies in front of the server: a count of hops (`true` is one). Only that many
   * `X-Forwarded-For` entries from the right are believed.
   */
  trustProxy?: boolean | number;
  defaultMerchantCode?: string | undefined;
  /** The visitor's country source, used when the services are built here (tests). */
  countryLookup?: CountryLookup | undefined;
  /** The built web app to serve; none in API-only tests. */
  webDistDir?: string | undefined;
  /** WEB_BOOT_DATA: `/` carries the status and home banners in its HTML (off by default). */
  webBootData?: boolean;
  /** WEB_SSR: guests' public pages arrive painted by React on the server (http/web-ssr.ts). */
  webSsr?: boolean;
  /** How long a visit waits for a page to be painted (tests wait longer than SSR_RENDER_WAIT_MS). */
  webSsrRenderWaitMs?: number;
  /** Replaces the PostgreSQL rate limiter (the bench lifts the limits). */
  rateLimit?: RateLimiter;
  /** The services, when the caller shares them with other parts (jobs); else built here. */
  services?: Services;
  /**
   * Serves the developer outbox page (`/dev/outbox`) to loopback clients; never set in
   * production (runtime-switches.ts decides).
   */
  devOutbox?: boolean;
  /** Serves the OpenAPI page `/docs` (default true); off in production. */
  docs?: boolean;
  /** Marks the operator session cookie Secure; main.ts sets it in production. */
  secureCookies?: boolean;
  /** True once main.ts has begun a graceful stop: `/readyz` then answers 503 "draining". */
  isDraining?: () => boolean;
  /** Lets a non-loopback scraper read `/metrics` with `Authorization: Bearer <token>`. */
  metricsToken?: string | undefined;
  /** Jobs waiting per queue, from the job runner when this process runs jobs (`/metrics`). */
  jobQueueDepths?: () => Promise<JobQueueDepth[]>;
}

/** Everything wired, nothing listening: main.ts listens, tests use `inject`. */
/**
 * Fastify's trust setting for a count of proxies: the socket's peer and the entries the proxies
 * appended (hops 0 to hops - 1) are believed, never "every hop", which would take an address a
 * client wrote into `X-Forwarded-For` itself for the client's own.
 */
function proxyHops(
  trustProxy: boolean | number | undefined,
): false | ((address: string, hop: number) => boolean) {
  const hops = proxyHopCount(trustProxy);
  return hops > 0 ? (_address, hop) => hop < hops : false;
}

function proxyHopCount(trustProxy: boolean | number | undefined): number {
  return trustProxy === true ? 1 : trustProxy || 0;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : { logger: deps.logger ?? false }),
    // Two lines per request cost about half the API's throughput; see installRequestLogging.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdGenerator(proxyHopCount(deps.trustProxy)),
    trustProxy: proxyHops(deps.trustProxy),
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installInputGuard(app);
  installRequestLogging(app, { ...DEFAULT_REQUEST_LOGGING, ...deps.requestLogging });
  const requestMetrics = installRequestMetrics(app);
  const loadShedder = installLoadShedding(app, {
    limits: { ...DEFAULT_LOAD_SHEDDING_LIMITS, ...deps.loadShedding },
    databasePoolWaiting: () => databasePoolWaiting(deps.db),
  });
  installSecurityHeaders(app);
  installIdempotencyInFlight(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Platform API',
        version: '0.1.0',
        description:
          'Calls of the player site. Every answer is `{success, value}` or `{success: false, errorCode, message}`. Send the headers `Merchant`, `Authorization` (the raw session token), `Language` and `Device`.',
      },
      components: {
        securitySchemes: {
          sessionToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (deps.docs ?? true) await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  const db = deps.db;
  const services =
    deps.services ??
    createServices(db, {
      defaultMerchantCode: deps.defaultMerchantCode,
      countryLookup: deps.countryLookup,
    });
  registerHealthRoutes(app, {
    checkDatabase: () => pingDatabase(db),
    isShedding: () => loadShedder.isShedding(),
    isDraining: deps.isDraining,
  });
  const processMetrics = createProcessMetrics();
  app.addHook('onClose', async () => processMetrics.stop());
  registerMetricsRoute(app, {
    token: deps.metricsToken,
    sources: [
      () => requestMetrics.families(),
      () => loadFamilies({ ...loadShedder.state(), shedding: loadShedder.isShedding() }),
      () => databasePoolFamilies(databasePoolFigures(db)),
      async () => eventLagFamilies(await services.events.lag()),
      async () => jobQueueFamilies((await deps.jobQueueDepths?.()) ?? []),
      async () => reconciliationFamilies(await services.ledger.lastReconciliation()),
      () => services.playMetrics.families(),
      processMetrics.source,
    ],
  });
  const { system, sessions, members, ledger, verification } = services;
  const rateLimit = deps.rateLimit ?? services.rateLimit;
  installMerchantResolution(app, system);
  // Settings changed by any instance's console drop this instance's merchant cache at once.
  const settingsWatch = system.watchSettingsChanges((details, message) =>
    app.log.error(details, message),
  );
  // Catalogue edits from any instance's console drop this instance's catalogue caches at once.
  // The painted pages (WEB_SSR) show the catalogue: they go with it (set once the web app is installed).
  let forgetPaintedPages = () => {};
  const forgetCatalogue = () => {
    services.forgetCatalogue();
    forgetPaintedPages();
  };
  const catalogueWatch = watchCatalogueChanges(db, forgetCatalogue, (details, message) =>
    app.log.error(details, message),
  );
  // Sessions revoked on any instance (sign-out, password change, lock) leave this one's cache at once.
  const sessionsWatch = sessions.cache.keeps
    ? watchSessionChanges(db, sessions.cache, (details, message) => app.log.error(details, message))
    : null;
  // Member info changed anywhere (the database's triggers announce it) leaves this cache at once.
  const memberInfoWatch = services.memberInfoCache.keeps
    ? watchNotifiedCache(
        db,
        MEMBERS_CHANGED_CHANNEL,
        services.memberInfoCache,
        (details, message) => app.log.error(details, message),
      )
    : null;
  app.addHook('onClose', async () => {
    await settingsWatch?.close();
    await catalogueWatch?.close();
    await sessionsWatch?.close();
    await memberInfoWatch?.close();
  });
  app.decorateRequest('auth', null);
  const registerCall = createCallRegistrar(app, createAuthenticate(sessions));

  registerSystemRoutes(registerCall, system);
  registerManifestRoute(app, system);
  registerVerificationRoutes(registerCall, { verification, rateLimit });
  registerSmsRoutes(registerCall, {
    sms: services.sms,
    verification,
    isMemberNumber: (merchantCode, phone) => members.isMemberNumber(merchantCode, phone),
  });
  const logins = createLoginService({
    sessions,
    members,
    verification,
    sms: services.sms,
    ledger,
    rateLimit,
  });
  registerSessionRoutes(registerCall, { sessions, logins, members, rateLimit });
  registerSocialRoutes(app, registerCall, { social: services.social, logins, rateLimit });
  registerMemberRoutes(registerCall, {
    members,
    rateLimit,
    startSession: (merchant, member, client) => logins.startSession(merchant, member, client),
    revokeSessions: (memberId) => sessions.revokeAllOfMember(memberId),
    verification,
    sms: services.sms,
    memberIdOf: (request) => authOf(request).memberId,
    realMemberIdOf: (request) => requireRealMember(request).memberId,
  });
  // SPEC §7: forgot by e-mail is a form POST; only this scope takes form bodies.
  await app.register(async (scope) => {
    installFormBodies(scope);
    registerPasswordResetRoutes(createCallRegistrar(scope, createAuthenticate(sessions)), {
      passwordResets: services.passwordResets,
      rateLimit,
      revokeSessions: (memberId) => sessions.revokeAllOfMember(memberId),
    });
  });
  registerWalletRoutes(registerCall, { ledger, wallet: services.wallet });
  registerContentRoutes(registerCall, {
    content: services.content,
    rateLimit,
    // Feedback is the only member call of content; a trial account may not send it (SPEC §6).
    memberIdOf: (request) => requireRealMember(request).memberId,
    customerServiceTypeOf: createCustomerServiceChooser({
      sessions,
      securityCentre: services.securityCentre,
    }),
    readerIdOf: (request) => authOf(request).memberId,
    readerIsAgent: (request) => isAgentType(authOf(request).memberType),
    agentIdOf: (request) => requireAgent(request).memberId,
  });
  registerContentImageRoute(app, services.contentAdmin);
  registerGameIconRoute(app, services.gamesAdmin);
  registerMessagesRoutes(registerCall, {
    messages: services.messages,
    readerIdOf: (request) => authOf(request).memberId,
  });
  registerChatRoomRoutes(registerCall, {
    chatRoom: services.chatRoom,
    rateLimit,
    sessionOf: (request) => authOf(request),
  });
  registerGamesRoutes(registerCall, services.games, services.catalogueAnswers);
  registerAgentRoutes(registerCall, {
    agents: services.agents,
    team: services.agentTeam,
    rateLimit,
    agentIdOf: (request) => requireAgent(request).memberId,
    agentOf: (request) => requireAgent(request),
  });
  registerAgentContractRoutes(registerCall, {
    agentContracts: services.agentContracts,
    agentIdOf: (request) => requireAgent(request).memberId,
  });
  registerGameRecordsRoutes(registerCall, services.gameRecords);
  registerLotteryRoutes(registerCall, services.lottery);
  await registerPaymentsRoutes(app, registerCall, services.payments);
  await registerSandboxGatewayRoutes(app, services.sandboxGateway);
  await registerSandboxProviderRoutes(app, { provider: services.sandboxProvider, rateLimit });
  registerWithdrawalRoutes(registerCall, {
    withdrawals: services.withdrawals,
    paymentPasswords: services.paymentPasswords,
    rateLimit,
  });
  registerWithdrawalProofRoute(app, {
    withdrawals: services.withdrawals,
    authenticate: createAuthenticate(sessions),
  });
  registerTransferRoutes(registerCall, { transfers: services.transfers, rateLimit });
  registerPointsRoutes(registerCall, { points: services.points, rateLimit });
  registerLaunchRoutes(registerCall, { launches: services.launches, rateLimit });
  registerBuiltinGamesRoutes(registerCall, { builtinGames: services.builtinGames, rateLimit });
  registerFreeSpinsRoutes(registerCall, {
    freeSpins: services.freeSpins,
    builtinGames: services.builtinGames,
    rateLimit,
  });
  await registerSeamlessRoutes(app, {
    wallet: services.seamlessWallet,
    callerOf: (vassalage) => services.launches.provider(vassalage),
  });
  app.decorateRequest('operator', null);
  app.decorateRequest('operatorAccess', null);
  const registerAdminCall = createAdminCallRegistrar(app, services.admin);
  registerAdminRoutes(registerAdminCall, {
    admin: services.admin,
    withdrawals: services.withdrawals,
    audit: services.audit,
    rateLimit,
    secureCookies: deps.secureCookies ?? false,
  });
  registerAdminConsoleRoutes(registerAdminCall, services.adminConsole);
  registerAdminProofRoute(app, { admin: services.admin, withdrawals: services.withdrawals });
  registerAdminExportRoutes(app, {
    admin: services.admin,
    withdrawals: services.withdrawals,
    manualDeposits: services.manualDeposits,
    memberConsole: services.memberConsole,
    promotionParticipants: (merchantCode, query) =>
      services.promotions.admin.participants(merchantCode, query),
  });
  registerLotteryAdminRoutes(registerAdminCall, services.lottery.operators);
  registerContentAdminRoutes(registerAdminCall, services.contentAdmin);
  registerGamesAdminRoutes(registerAdminCall, services.gamesAdmin);
  registerGamesCatalogueAdminRoutes(registerAdminCall, services.gamesAdmin);
  registerPaymentMethodsAdminRoutes(registerAdminCall, services.paymentMethodsAdmin);
  registerMessagesAdminRoutes(registerAdminCall, services.messages);
  registerChatRoomAdminRoutes(registerAdminCall, services.chatRoom);
  registerPromotionRoutes(registerCall, {
    promotions: services.promotions.service,
    rateLimit,
    viewerIdOf: async (request) => {
      const token = sessionTokenOf(request);
      if (!token) return null;
      try {
        return (await sessions.authenticate(token, merchantOf(request).code)).memberId;
      } catch (error) {
        // A stale token browses as a guest: the list is public, the actions check again.
        if (error instanceof AppError) return null;
        throw error;
      }
    },
    memberIdOf: (request) => requireRealMember(request).memberId,
  });
  registerPromotionAdminRoutes(registerAdminCall, services.promotions.admin);
  registerAdminMoneyRoutes(registerAdminCall, {
    manualDeposits: services.manualDeposits,
    adjustments: services.adjustments,
    audit: services.audit,
  });
  registerAdminSettingsRoutes(registerAdminCall, {
    admin: services.admin,
    audit: services.audit,
    settings: createMerchantSettings(),
    unitOfWork: createUnitOfWork(db),
    forgetMerchants: () => system.forgetMerchants(),
  });
  registerAdminMemberRoutes(registerAdminCall, {
    memberConsole: services.memberConsole,
    adjustments: services.adjustments,
    rateLimit,
  });
  registerBonusRoutes(registerCall, services.bonusMemberCalls);
  registerBonusAdminRoutes(registerAdminCall, services.bonusOperatorCalls);

  registerSecurityCentreRoutes(registerCall, services.securityCentre);
  registerPointsAdminRoutes(registerAdminCall, services.pointsAdmin);
  registerMissionRoutes(registerCall, {
    missions: services.missions,
    memberIdOf: (request) => authOf(request).memberId,
    realMemberIdOf: (request) => requireRealMember(request).memberId,
  });
  registerReferralRoutes(registerCall, {
    referrals: services.referrals,
    realMemberIdOf: (request) => requireRealMember(request).memberId,
  });
  registerMissionAdminRoutes(registerAdminCall, services.missionsAdmin);
  registerReferralAdminRoutes(registerAdminCall, services.referralsAdmin);
  registerVipAdminRoutes(registerAdminCall, services.vip);
  registerAdminAgentTreeRoutes(registerAdminCall, {
    tree: services.memberTree,
    directory: services.memberDirectory,
    audit: services.audit,
    unitOfWork: createUnitOfWork(deps.db),
  });
  registerAdminAgentContractRoutes(registerAdminCall, {
    tree: services.memberTree,
    agentContracts: services.agentContracts,
    audit: services.audit,
  });

  await registerRealtimeRoutes(app, {
    hub: services.realtime,
    resolveMerchant: (input) => system.resolveMerchant(input),
  });

  registerWebVitalsRoutes(registerCall, { webVitals: services.webVitals, rateLimit });
  registerWebVitalsAdminRoutes(registerAdminCall, services.webVitals);

  if (deps.devOutbox) registerDevOutboxRoutes(app, { sms: services.sms, email: services.email });

  await installConsoleApp(app, deps.webDistDir === undefined ? undefined : CONSOLE_DIST_DIR);
  const webApp = await installWebApp(app, deps.webDistDir, {
    bootData: deps.webBootData ?? false,
    ssr: deps.webSsr ?? false,
    ...(deps.webSsrRenderWaitMs === undefined ? {} : { ssrRenderWaitMs: deps.webSsrRenderWaitMs }),
  });
  forgetPaintedPages = webApp.forgetPaintedPages;
  return app;
}
