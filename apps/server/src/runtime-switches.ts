import { type Config, ConfigError } from './config.js';
import type { CrashPointName } from './safety/crash-points.js';

/**
 * Variables that exist only for tests. Each is honoured only with NODE_ENV=test, ignored in
 * development and refused at start in production, so that a copied test environment can never
 * weaken a live site.
 */
export const TEST_ONLY_VARIABLES = [
  'CAPTCHA_FIXED_ANSWER',
  'SLIDER_FIXED_OFFSET',
  'LOTTERY_FAST_INTERVAL_SECONDS',
  'CRASH_AT',
] as const;

/**
 * Variables that switch on developer aids. Honoured in development and test, refused at start in
 * production.
 */
export const DEVELOPMENT_ONLY_VARIABLES = ['DEV_OUTBOX'] as const;

/** What this process may do, decided once from the configuration by the production rules. */
export interface RuntimeSwitches {
  production: boolean;
  captchaFixedAnswer: string | undefined;
  sliderFixedOffset: number | undefined;
  lotteryFastIntervalSeconds: number | undefined;
  crashAt: CrashPointName | undefined;
  /** The developer outbox page (`/dev/outbox`): asked for, never in production. */
  devOutbox: boolean;
  /** The demo merchant (and the demo operator when a password is given) at start. */
  seedDemoData: boolean;
  demoOperatorPassword: string | undefined;
  /** The OpenAPI page `/docs`: it maps every call of the site, so production does not serve it. */
  docs: boolean;
}

function isSet(config: Config, name: string): boolean {
  const value = config[name as keyof Config];
  return value !== undefined && value !== false;
}

/**
 * The production rules in one place: main.ts and the tests call this after `loadConfig`. In
 * production a test-only or development-only variable stops the start with a ConfigError that
 * names every such variable; elsewhere the answer says which aids are on.
 */
export function runtimeSwitches(config: Config): RuntimeSwitches {
  const production = config.NODE_ENV === 'production';
  if (production) {
    const refused = [...TEST_ONLY_VARIABLES, ...DEVELOPMENT_ONLY_VARIABLES].filter((name) =>
      isSet(config, name),
    );
    if (refused.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${refused
          .map((name) => `  ${name}: is not for production and refused when NODE_ENV=production`)
          .join('\n')}`,
      );
    }
  }
  const test = config.NODE_ENV === 'test';
  return {
    production,
    captchaFixedAnswer: test ? config.CAPTCHA_FIXED_ANSWER : undefined,
    sliderFixedOffset: test ? config.SLIDER_FIXED_OFFSET : undefined,
    lotteryFastIntervalSeconds: test ? config.LOTTERY_FAST_INTERVAL_SECONDS : undefined,
    crashAt: test ? config.CRASH_AT : undefined,
    devOutbox: !production && config.DEV_OUTBOX,
    seedDemoData: !production,
    demoOperatorPassword: production ? undefined : config.DEMO_OPERATOR_PASSWORD,
    docs: !production,
  };
}
