import { describe, expect, it } from 'vitest';
import { sessionOf } from '../../test/render';
import { sessionDeadlineMs } from './use-idle-expiry';

const MINUTE_MS = 60_000;

describe('when the console ends a session by the clock', () => {
  const receivedAtMs = 1_000_000;
  const session = {
    ...sessionOf('admin'),
    idleExpiresAtMs: receivedAtMs + 30 * MINUTE_MS,
    absoluteExpiresAtMs: receivedAtMs + 8 * 60 * MINUTE_MS,
  };

  it('slides the idle window from the last answered call', () => {
    expect(sessionDeadlineMs(session, receivedAtMs, receivedAtMs)).toBe(
      receivedAtMs + 30 * MINUTE_MS,
    );
    const lastCallMs = receivedAtMs + 20 * MINUTE_MS;
    expect(sessionDeadlineMs(session, receivedAtMs, lastCallMs)).toBe(lastCallMs + 30 * MINUTE_MS);
  });

  it('never goes past the absolute expiry', () => {
    const lateCallMs = receivedAtMs + 7 * 60 * MINUTE_MS + 50 * MINUTE_MS;
    expect(sessionDeadlineMs(session, receivedAtMs, lateCallMs)).toBe(session.absoluteExpiresAtMs);
  });
});
