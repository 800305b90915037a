import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EmailMessage } from './message.js';

export interface OutboxEmail extends EmailMessage {
  id: string;
  createdAt: Date;
}

export function createEmailRepository(db: Db) {
  return {
    /** The default e-mail provider's outbox: one row per message sent. */
    async insertOutbox(message: EmailMessage): Promise<void> {
      await db
        .insertInto('email_outbox')
        .values({
          merchant_code: message.merchantCode,
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
        .execute();
    },

    /** The newest messages, newest first, of one merchant or all. */
    async newestOutbox(limit: number, merchantCode?: string): Promise<OutboxEmail[]> {
      let query = db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').limit(limit);
      if (merchantCode) query = query.where('merchant_code', '=', merchantCode);
      const rows = await query.execute();
      return rows.map((row) => ({
        id: String(row.id),
        merchantCode: row.merchant_code,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        createdAt: row.created_at,
      }));
    },

    /** Removes outbox messages older than `olderThanMs`. */
    async prune(olderThanMs: number): Promise<void> {
      const age = `${olderThanMs} milliseconds`;
      await db
        .deleteFrom('email_outbox')
        .where('created_at', '<', sql<Date>`now() - ${age}::interval`)
        .execute();
    },
  };
}

export type EmailRepository = ReturnType<typeof createEmailRepository>;
