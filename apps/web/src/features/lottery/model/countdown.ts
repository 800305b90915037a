/**
 * The countdown to a draw's close, on the server's clock: the browser's clock may be minutes
 * off, so every draw answer carries the server's time and the page keeps the difference.
 */

const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;

/**
 * The server clock minus the browser clock, from one answer: the server read its clock about
 * half-way between sending the request and receiving the answer.
 */
export function serverOffsetMs(input: {
  serverTimeMs: number;
  requestSentAtMs: number;
  answerReceivedAtMs: number;
}): number {
  const midpoint = (input.requestSentAtMs + input.answerReceivedAtMs) / 2;
  return Math.round(input.serverTimeMs - midpoint);
}

/** Milliseconds left until `targetMs` (server time), never negative. */
export function remainingMs(targetMs: number, browserNowMs: number, offsetMs: number): number {
  return Math.max(0, targetMs - (browserNowMs + offsetMs));
}

/** `m:ss`, or `h:mm:ss` from an hour on; rounded up, so 0:00 shows only when it is over. */
export function formatCountdown(remaining: number): string {
  const totalSeconds = Math.ceil(Math.max(0, remaining) / MS_PER_SECOND);
  const hours = Math.floor(totalSeconds / SECONDS_PER_HOUR);
  const minutes = Math.floor((totalSeconds % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const seconds = totalSeconds % SECONDS_PER_MINUTE;
  const ss = String(seconds).padStart(2, '0');
  if (hours === 0) return `${minutes}:${ss}`;
  return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
}

/** How long to wait for the next whole second of the countdown to show (ticks stay aligned). */
export function msUntilNextTick(remaining: number): number {
  const partial = remaining % MS_PER_SECOND;
  return partial === 0 ? MS_PER_SECOND : partial;
}
