import { z } from 'zod';
import { SLIDER_GAP_MAX_X, SLIDER_GAP_MIN_X } from './modules/verification/slider-geometry.js';
import { crashPointNames } from './safety/crash-points.js';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The most reverse proxies TRUST_PROXY may count (a CDN, a load balancer, an ingress...). */
export const TRUST_PROXY_MAX_HOPS = 5;
/** A shorter METRICS_TOKEN could be guessed; 32 characters is 128 bits of hex. */
export const METRICS_TOKEN_MIN_LENGTH = 32;
const proxyHopTexts = Array.from({ length: TRUST_PROXY_MAX_HOPS + 1 }, (_, hops) => String(hops));

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const configSchema = z
  .object({
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /**
     * A second pool for reports and long lists (a streaming replica of DATABASE_URL's database);
     * unset, they read the primary. See docs/scaling-past-one-database.md for what reads it.
     */
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Where the embedded PostgreSQL keeps its files when DATABASE_URL is unset. */
    DATA_DIR: z.string().min(1).default('.data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65_535).default(54_329),
    /**
     * How many reverse proxies stand in front of the server, whose `X-Forwarded-*` headers are
     * believed (client addresses for rate limits, HTTPS): `false`/`0` none, `true` one, or a
     * count. Only that many hops from the right of `X-Forwarded-For` are read, so an address a
     * client writes into the header itself is never taken for its own.
     */
    TRUST_PROXY: z
      .enum(['true', 'false', ...proxyHopTexts])
      .default('false')
      .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
    /**
     * Header in which a proxy in front of the server names the visitor's country (ISO 3166-1
     * alpha-2), e.g. `CF-IPCountry`. Believed only when GEO_COUNTRY_HEADER_TRUSTED (default:
     * TRUST_PROXY) is on: a client that reaches the server directly could send it itself.
     */
    GEO_COUNTRY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name')
      .optional(),
    GEO_COUNTRY_HEADER_TRUSTED: booleanText.optional(),
    /** A MaxMind-format country database (GeoLite2-Country.mmdb); used after the header. */
    GEOIP_DB_PATH: z.string().min(1).optional(),
    /** The merchant for requests that name none and come from an unknown host. */
    DEFAULT_MERCHANT: z.string().min(1).max(32).optional(),
    /**
     * How long a stopping instance keeps serving while `/readyz` answers 503, so that a load
     * balancer's health check takes it out of rotation before it closes its connections
     * (deploy/haproxy checks every second). 0 (the default) closes at once: one process alone.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /**
     * What this process does: `http` serves the site and the API, `jobs` runs background and
     * scheduled jobs. Both by default; split them to scale each on its own.
     */
    SERVER_ROLES: z
      .string()
      .default('http,jobs')
      .transform((value) => value.split(',').map((role) => role.trim()))
      .pipe(z.array(z.enum(['http', 'jobs'])).min(1)),
    /**
     * Outside production: creates the demo merchant's operator `operator` (role admin) with this
     * password, to try the operator API. Unset: no operator is created.
     */
    DEMO_OPERATOR_PASSWORD: z.string().min(12).max(255).optional(),
    /**
     * 32 bytes as 64 hex digits: seals operators' TOTP secrets at rest (AES-256-GCM). Required
     * in production; elsewhere a fixed development key is used.
     */
    OPERATOR_SECRET_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/)
      .optional(),
    /** Built web app to serve; unset means apps/web/dist when it exists. */
    WEB_DIST_DIR: z.string().min(1).optional(),
    /**
     * Test-only: every captcha gets this answer, so that browser journeys can type it. Honoured
     * only when NODE_ENV=test, and refused at start when NODE_ENV=production (runtime-switches.ts).
     */
    CAPTCHA_FIXED_ANSWER: z
      .string()
      .regex(/^[0-9]{4}$/, 'must be 4 digits')
      .optional(),
    /**
     * Test-only: every slider puzzle's gap is at this x, so that browser journeys know where to
     * drag (the drag must still look human). Honoured only when NODE_ENV=test, refused at start
     * when NODE_ENV=production.
     */
    SLIDER_FIXED_OFFSET: z.coerce
      .number()
      .int()
      .min(SLIDER_GAP_MIN_X)
      .max(SLIDER_GAP_MAX_X)
      .optional(),
    /**
     * Test-only: house lottery games with an interval draw every this many seconds instead
     * (browser journeys wait less). Honoured only when NODE_ENV=test, refused in production.
     */
    LOTTERY_FAST_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(3600).optional(),
    /**
     * Test-only: the process kills itself (SIGKILL) when it reaches this named point
     * (safety/crash-points.ts), so crash tests stop the real server exactly there. Honoured only
     * when NODE_ENV=test, refused in production.
     */
    CRASH_AT: z.enum(crashPointNames).optional(),
    /**
     * Developer aid: serves `/dev/outbox` (every SMS code and reset link) to requests from this
     * machine only. Off unless asked for; refused at start in production (runtime-switches.ts).
     */
    DEV_OUTBOX: booleanText.default(false),
    /** Days an event every consumer has applied is kept before the housekeeping job deletes it. */
    EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    /** Where SMS go: `outbox` (the sms_outbox table, no network) or `twilio`. */
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** The sender: a Twilio number in E.164 (+15005550006) or a messaging service SID (MG...). */
    TWILIO_FROM: z.string().min(1).optional(),
    TWILIO_API_BASE_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http(s):// URL')
      .default('https://api.twilio.com'),
    /** Where e-mails go: `outbox` (the email_outbox table, no network) or `smtp`. */
    EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
    /** smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** The sender of e-mails, e.g. `Demo Casino <no-reply@example.com>`. */
    MAIL_FROM: z.string().min(3).max(320).optional(),
    /**
     * Where the sandbox game provider (an outside provider served by this process) reaches the
     * platform's seamless-wallet API; unset: this server itself, http://127.0.0.1:<PORT>.
     */
    SANDBOX_PROVIDER_PLATFORM_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http(s):// URL')
      .optional(),
    /**
     * Lets a Prometheus scraper on another machine read `/metrics` with
     * `Authorization: Bearer <token>`; unset, only this machine's loopback peers may.
     */
    METRICS_TOKEN: z.string().min(METRICS_TOKEN_MIN_LENGTH).max(256).optional(),
    /**
     * `1`: the home page's HTML carries the site status and the home banners, so that the
     * first screen needs no API call before it renders (issue 24, behind a flag while it is
     * measured).
     */
    WEB_BOOT_DATA: z.enum(['0', '1']).default('0'),
    /**
     * `1`: guests' `/`, `/rng`, `/register` and `/promotions` arrive as HTML painted by React on
     * the server, then hydrate (issue 24; needs the web app's server build, which `npm run build`
     * writes; without it the browser renders them). Off by default until a tap before the scripts
     * run no longer loses the page's LCP report (console-web-vitals journey, docs/architecture.md).
     */
    WEB_SSR: z.enum(['0', '1']).default('1'),
  })
  .superRefine((config, context) => {
    const missing = (names: string[]) => {
      for (const name of names) {
        if (config[name as keyof typeof config] === undefined) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: `is required when ${name.startsWith('TWILIO') ? 'SMS_PROVIDER=twilio' : 'EMAIL_PROVIDER=smtp'}`,
          });
        }
      }
    };
    if (config.SMS_PROVIDER === 'twilio') {
      missing(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']);
    }
    if (config.EMAIL_PROVIDER === 'smtp') missing(['SMTP_URL', 'MAIL_FROM']);
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** The platform URL the sandbox game provider calls (see SANDBOX_PROVIDER_PLATFORM_URL). */
export function sandboxProviderPlatformUrl(config: Config): string {
  return config.SANDBOX_PROVIDER_PLATFORM_URL ?? `http://127.0.0.1:${config.PORT}`;
}

/** Reads the environment once at start; any bad value stops the server with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}
