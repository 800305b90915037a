import { describe, expect, it } from 'vitest';
import {
  LOGIN_CAP_PERIOD_MS,
  LOGIN_DELAY_MAX_SECONDS,
  LOGIN_FAILURES_BEFORE_DELAY,
  LOGIN_FAILURES_PER_HOUR_PER_ACCOUNT,
  LOGIN_FAILURES_PER_HOUR_PER_ADDRESS,
  loginDelaySeconds,
  loginWaitSeconds,
} from './login-throttle.js';

const N = LOGIN_FAILURES_BEFORE_DELAY;

describe('login delay', () => {
  it('starts after N failures, doubles, and stops growing at the cap', () => {
    expect(loginDelaySeconds(N - 1)).toBe(0);
    expect(loginDelaySeconds(N)).toBe(1);
    expect(loginDelaySeconds(N + 1)).toBe(2);
    expect(loginDelaySeconds(N + 3)).toBe(8);
    expect(loginDelaySeconds(N + 20)).toBe(LOGIN_DELAY_MAX_SECONDS);
  });
});

describe('login wait', () => {
  const key = (
    scope: 'username' | 'ip',
    fields: Partial<Parameters<typeof loginWaitSeconds>[0][0]>,
  ) => ({
    scope,
    periodCount: 0,
    recentCount: 0,
    newestAgeMs: 0,
    oldestAgeMs: 0,
    ...fields,
  });

  it('lets a login through before the delay starts and once it has passed', () => {
    expect(loginWaitSeconds([])).toBe(0);
    expect(loginWaitSeconds([key('username', { periodCount: N - 1, recentCount: N - 1 })])).toBe(0);
    expect(
      loginWaitSeconds([
        key('username', { periodCount: N + 2, recentCount: N + 2, newestAgeMs: 4001 }),
      ]),
    ).toBe(0);
  });

  it('answers the rest of the delay, the longest of account and address', () => {
    expect(
      loginWaitSeconds([
        key('username', { periodCount: N + 2, recentCount: N + 2, newestAgeMs: 1500 }),
      ]),
    ).toBe(3);
    expect(
      loginWaitSeconds([
        key('username', { periodCount: N, recentCount: N, newestAgeMs: 0 }),
        key('ip', { periodCount: N + 4, recentCount: N + 4, newestAgeMs: 0 }),
      ]),
    ).toBe(16);
  });

  it('holds an account or an address at its hourly cap until its oldest failure is an hour old', () => {
    const tenMinutesMs = 10 * 60 * 1000;
    const capped = key('username', {
      periodCount: LOGIN_FAILURES_PER_HOUR_PER_ACCOUNT,
      recentCount: 0,
      newestAgeMs: tenMinutesMs,
      oldestAgeMs: LOGIN_CAP_PERIOD_MS - tenMinutesMs,
    });
    expect(loginWaitSeconds([capped])).toBe(600);
    const addressBelowCap = key('ip', {
      periodCount: LOGIN_FAILURES_PER_HOUR_PER_ACCOUNT,
      newestAgeMs: tenMinutesMs,
      oldestAgeMs: LOGIN_CAP_PERIOD_MS - tenMinutesMs,
    });
    expect(loginWaitSeconds([addressBelowCap])).toBe(0);
    expect(
      loginWaitSeconds([{ ...addressBelowCap, periodCount: LOGIN_FAILURES_PER_HOUR_PER_ADDRESS }]),
    ).toBe(600);
  });
});
