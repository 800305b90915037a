import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

export interface OutboxEmailRow {
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

/** The e-mails the outbox provider holds for an address, oldest first. */
export async function outboxEmails(db: Db, recipient: string): Promise<OutboxEmailRow[]> {
  const result = await sql<OutboxEmailRow>`
    SELECT recipient, subject, text, html FROM email_outbox
    WHERE lower(recipient) = lower(${recipient}) ORDER BY id
  `.execute(db);
  return result.rows;
}

/** The reset link of the newest e-mail to an address. */
export async function lastResetLink(db: Db, recipient: string): Promise<URL> {
  const messages = await outboxEmails(db, recipient);
  const link = messages
    .at(-1)
    ?.text.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no reset link sent to ${recipient}`);
  return new URL(link);
}

/** Turns on the e-mail registration field of a merchant (the demo one has it off). */
export async function enableEmailField(db: Db, merchantCode = 'DEMO'): Promise<void> {
  await sql`
    UPDATE merchants SET register_settings = jsonb_set(register_settings, '{email,enabled}', 'true')
    WHERE code = ${merchantCode}
  `.execute(db);
}

/** Moves every reset link back in time, as if `ms` had gone by. */
export async function ageResetLinks(db: Db, ms: number): Promise<void> {
  const by = `${ms} milliseconds`;
  await sql`
    UPDATE password_reset_tokens SET created_at = created_at - ${by}::interval,
      expires_at = expires_at - ${by}::interval
  `.execute(db);
}
