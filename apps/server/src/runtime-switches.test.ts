import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { runtimeSwitches, TEST_ONLY_VARIABLES } from './runtime-switches.js';

const testValues: Record<(typeof TEST_ONLY_VARIABLES)[number], string> = {
  CAPTCHA_FIXED_ANSWER: '1234',
  SLIDER_FIXED_OFFSET: '150',
  LOTTERY_FAST_INTERVAL_SECONDS: '30',
  CRASH_AT: 'withdrawal.request.before-commit',
};

const switchesOf = (env: Record<string, string>) => runtimeSwitches(loadConfig(env));

describe('runtimeSwitches', () => {
  it('refuses every test-only variable in production, naming it', () => {
    for (const name of TEST_ONLY_VARIABLES) {
      expect(() => switchesOf({ NODE_ENV: 'production', [name]: testValues[name] })).toThrow(
        ConfigError,
      );
      expect(() => switchesOf({ NODE_ENV: 'production', [name]: testValues[name] })).toThrow(
        new RegExp(`${name}: is not for production`),
      );
    }
    expect(() => switchesOf({ NODE_ENV: 'production', ...testValues })).toThrow(
      /CAPTCHA_FIXED_ANSWER[\s\S]*SLIDER_FIXED_OFFSET[\s\S]*LOTTERY_FAST_INTERVAL_SECONDS[\s\S]*CRASH_AT/,
    );
  });

  it('honours the test-only variables with NODE_ENV=test and ignores them in development', () => {
    expect(switchesOf({ NODE_ENV: 'test', ...testValues })).toMatchObject({
      captchaFixedAnswer: '1234',
      sliderFixedOffset: 150,
      lotteryFastIntervalSeconds: 30,
      crashAt: 'withdrawal.request.before-commit',
    });
    expect(switchesOf({ NODE_ENV: 'development', ...testValues })).toMatchObject({
      captchaFixedAnswer: undefined,
      sliderFixedOffset: undefined,
      lotteryFastIntervalSeconds: undefined,
      crashAt: undefined,
    });
  });

  it('serves the outbox page only when asked for, never in production', () => {
    expect(switchesOf({}).devOutbox).toBe(false);
    expect(switchesOf({ DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(switchesOf({ NODE_ENV: 'test', DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(() => switchesOf({ NODE_ENV: 'production', DEV_OUTBOX: 'true' })).toThrow(
      /DEV_OUTBOX: is not for production/,
    );
    expect(switchesOf({ NODE_ENV: 'production', DEV_OUTBOX: 'false' }).devOutbox).toBe(false);
  });

  it('keeps demo data and /docs out of production', () => {
    expect(switchesOf({ DEMO_OPERATOR_PASSWORD: 'long-enough-password' })).toMatchObject({
      seedDemoData: true,
      demoOperatorPassword: 'long-enough-password',
      docs: true,
    });
    expect(
      switchesOf({ NODE_ENV: 'production', DEMO_OPERATOR_PASSWORD: 'long-enough-password' }),
    ).toMatchObject({ seedDemoData: false, demoOperatorPassword: undefined, docs: false });
  });
});
