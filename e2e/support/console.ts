import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';

/** The demo merchant's seeded console password (README quick start). */
export const DEMO_CONSOLE_PASSWORD = 'admin123';
/** RFC 6238 as authenticator apps compute it: SHA-1, 30-second steps, six digits. */
const TOTP_STEP_MS = 30_000;
const TOTP_DIGITS = 6;
/** A code this close to its step's end may expire on the way: wait for the next step instead. */
const TOTP_STEP_MARGIN_MS = 2_000;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const character of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32_ALPHABET.indexOf(character);
    if (index < 0) throw new Error(`not base32: ${character}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The code of one 30-second step. */
export function totpAt(secretBase32: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * The server accepts the code of the step before and after its own (an authenticator's clock a
 * little off) and refuses a step at or before the last one an operator used.
 */
const TOTP_ACCEPTED_STEPS_AHEAD = 1;

/**
 * A code of a step not used before with this secret and not about to end: the server refuses a
 * code twice, so a second sign-in within the same 30 seconds sends the next step's code, as an
 * authenticator whose clock runs a little ahead shows it; only a third one in the same step waits
 * for the next step, as a person would. (Waiting each time cost the console journeys up to 30 s a
 * sign-in.)
 */
const lastUsedSteps = new Map<string, number>();
export async function freshTotp(secretBase32: string): Promise<string> {
  for (;;) {
    const nowMs = Date.now();
    const currentStep = Math.floor(nowMs / TOTP_STEP_MS);
    const leftMs = (currentStep + 1) * TOTP_STEP_MS - nowMs;
    const used = lastUsedSteps.get(secretBase32) ?? -1;
    const current = used < currentStep && leftMs > TOTP_STEP_MARGIN_MS;
    const step = current ? currentStep : Math.max(used + 1, currentStep + 1);
    if (step <= currentStep + TOTP_ACCEPTED_STEPS_AHEAD) {
      lastUsedSteps.set(secretBase32, step);
      return totpAt(secretBase32, step);
    }
    await new Promise((resolve) => setTimeout(resolve, leftMs + 100));
  }
}

/**
 * An operator's first sign-in: password, then TOTP enrolment confirmed with a computed code.
 * Answers the secret, for the codes of later sign-ins.
 */
export async function signInAndEnrol(
  page: Page,
  baseUrl: string,
  username: string,
  password = DEMO_CONSOLE_PASSWORD,
): Promise<string> {
  await page.goto(`${baseUrl}/console/`);
  await page.getByTestId('sign-in-username').fill(username);
  await page.getByTestId('sign-in-password').fill(password);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('enrol-secret').waitFor();
  const secret = (await page.getByTestId('enrol-secret').textContent())?.trim() ?? '';
  await page.getByTestId('enrol-code').fill(await freshTotp(secret));
  await page.getByTestId('enrol-confirm').click();
  await page.getByTestId('enrol-done').click();
  await page.getByTestId('operator-name').waitFor();
  return secret;
}
