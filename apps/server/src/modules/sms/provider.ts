import type { Db } from '../../db/database.js';
import { createSmsRepository } from './repository.js';

/** Where SMS messages go. The default writes them to `sms_outbox`; no network. */
export interface SmsProvider {
  send(message: { merchantCode: string; number: string; text: string }): Promise<void>;
}

/** The default provider: an outbox table that tests (and a developer) read. */
export function createOutboxSmsProvider(db: Db): SmsProvider {
  const repository = createSmsRepository(db);
  return { send: (message) => repository.insertOutbox(message) };
}
