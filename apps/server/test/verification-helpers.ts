import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

/** Moves every captcha's expiry into the past, as if two minutes had gone by. */
export async function expireCaptchas(db: Db): Promise<void> {
  await sql`UPDATE captchas SET expires_at = now() - interval '1 second'`.execute(db);
}

/**
 * The answer of a stored captcha, found by trying every 4-digit answer against its salted hash
 * (what a test can do because the answer space is small; the single use and the 2-minute expiry
 * are what keep a real client from doing the same).
 */
export async function solveCaptcha(db: Db, captchaId: string): Promise<string> {
  const result = await sql<{ answer_salt: Buffer; answer_hash: Buffer }>`
    SELECT answer_salt, answer_hash FROM captchas WHERE id = ${captchaId}
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`no captcha ${captchaId}`);
  for (let value = 0; value < 10_000; value += 1) {
    const answer = value.toString().padStart(4, '0');
    const hash = createHash('sha256').update(row.answer_salt).update(answer, 'utf8').digest();
    if (hash.equals(row.answer_hash)) return answer;
  }
  throw new Error(`captcha ${captchaId} has no 4-digit answer`);
}

/** Switches the captcha of a merchant's registration form, and its captcha-on-login switch. */
export async function setMerchantCaptcha(
  db: Db,
  code: string,
  settings: { register?: boolean; onLogin?: boolean },
): Promise<void> {
  if (settings.register !== undefined) {
    await sql`
      UPDATE merchants SET register_settings = jsonb_set(register_settings, '{captcha,enabled}',
        to_jsonb(${settings.register}::boolean))
      WHERE code = ${code}
    `.execute(db);
  }
  if (settings.onLogin !== undefined) {
    await sql`
      UPDATE merchants SET white_label = jsonb_set(white_label, '{captchaOnLogin}',
        to_jsonb(${settings.onLogin}::boolean))
      WHERE code = ${code}
    `.execute(db);
  }
}

export async function passwordChangedAt(db: Db, username: string): Promise<Date> {
  const result = await sql<{ password_changed_at: Date }>`
    SELECT password_changed_at FROM members WHERE username = ${username}
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`no member ${username}`);
  return row.password_changed_at;
}

export async function setPasswordChangedAt(db: Db, username: string, daysAgo: number) {
  await sql`
    UPDATE members SET password_changed_at = now() - ${`${daysAgo} days`}::interval
    WHERE username = ${username}
  `.execute(db);
}

export async function setPasswordMaxAgeDays(db: Db, code: string, days: number | null) {
  await sql`UPDATE merchants SET password_max_age_days = ${days} WHERE code = ${code}`.execute(db);
}
