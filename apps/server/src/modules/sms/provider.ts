import type { Db } from '../../db/database.js';

/** Where SMS messages go. The default writes them to `sms_outbox`; no network. */
export interface SmsProvider {
  send(message: { merchantCode: string; number: string; text: string }): Promise<void>;
}

/** The default provider: an outbox table that tests (and a developer) read. */
export function createOutboxSmsProvider(db: Db): SmsProvider {
  return {
    async send({ merchantCode, number, text }) {
      await db
        .insertInto('sms_outbox')
        .values({ merchant_code: merchantCode, number, text })
        .execute();
    },
  };
}
