import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

/** The messages the outbox provider holds for a full number (dialling code first), oldest first. */
export async function outboxMessages(db: Db, number: string): Promise<string[]> {
  const result = await sql<{ text: string }>`
    SELECT text FROM sms_outbox WHERE number = ${number} ORDER BY id
  `.execute(db);
  return result.rows.map((row) => row.text);
}

/** The code of the newest message to a number, read from the outbox. */
export async function lastSmsCode(db: Db, number: string): Promise<string> {
  const messages = await outboxMessages(db, number);
  const code = messages.at(-1)?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code sent to ${number}`);
  return code;
}

/** Moves a number's codes back in time (created and expiry), as if `ms` had gone by. */
export async function ageSmsCodes(db: Db, number: string, ms: number): Promise<void> {
  const by = `${ms} milliseconds`;
  await sql`
    UPDATE sms_codes SET created_at = created_at - ${by}::interval,
      expires_at = expires_at - ${by}::interval
    WHERE phone = ${number}
  `.execute(db);
}

/** Moves the codes sent from an address back in time. */
export async function ageSmsCodesOfIp(db: Db, ip: string, ms: number): Promise<void> {
  const by = `${ms} milliseconds`;
  await sql`
    UPDATE sms_codes SET created_at = created_at - ${by}::interval,
      expires_at = expires_at - ${by}::interval
    WHERE ip = ${ip}
  `.execute(db);
}

export async function countSmsCodes(db: Db, number: string): Promise<number> {
  const result = await sql<{ count: string }>`
    SELECT count(*) AS count FROM sms_codes WHERE phone = ${number}
  `.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

let numberCounter = 0;

/** A Vietnamese national number (9 digits, no leading 0) not used by another test. */
export function uniqueMobileNumber(): string {
  numberCounter += 1;
  const stamp = (Date.now() % 1_000_000).toString().padStart(6, '0');
  return `9${stamp.slice(-5)}${numberCounter.toString().padStart(3, '0')}`.slice(0, 9);
}
