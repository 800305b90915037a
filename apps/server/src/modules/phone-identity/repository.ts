import type { Db } from '../../db/database.js';
import { type PhoneIdentityConfig, phoneIdentityConfigSchema } from './settings.js';

export function createPhoneIdentityRepository(db: Db) {
  return {
    /** The merchant's option; undefined when it has none (the option is off). */
    async config(merchantCode: string): Promise<PhoneIdentityConfig | undefined> {
      const row = await db
        .selectFrom('phone_identity_settings')
        .select('config')
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row ? phoneIdentityConfigSchema.parse(row.config) : undefined;
    },

    async saveConfig(merchantCode: string, config: PhoneIdentityConfig | null): Promise<void> {
      if (config === null) {
        await db
          .deleteFrom('phone_identity_settings')
          .where('merchant_code', '=', merchantCode)
          .execute();
        return;
      }
      const json = JSON.stringify(phoneIdentityConfigSchema.parse(config));
      await db
        .insertInto('phone_identity_settings')
        .values({ merchant_code: merchantCode, config: json })
        .onConflict((oc) =>
          oc.column('merchant_code').doUpdateSet({ config: json, updated_at: new Date() }),
        )
        .execute();
    },

    /** Remembers a token until it expires; false when it was already used. */
    async markUsed(merchantCode: string, tokenKey: Buffer, expiresAt: Date): Promise<boolean> {
      const result = await db
        .insertInto('phone_identity_used_tokens')
        .values({ merchant_code: merchantCode, token_key: tokenKey, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['merchant_code', 'token_key']).doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async prune(): Promise<void> {
      await db
        .deleteFrom('phone_identity_used_tokens')
        .where('expires_at', '<', new Date())
        .execute();
    },
  };
}

export type PhoneIdentityRepository = ReturnType<typeof createPhoneIdentityRepository>;
