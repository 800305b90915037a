import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  type SocialProvider,
  type SocialProviderConfig,
  socialProviderConfigSchema,
  socialProviderRowSchema,
} from './settings.js';

export interface SignInState {
  merchantCode: string;
  provider: string;
  browserHash: Buffer;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  returnTo: string;
}

export function createSocialRepository(db: Db) {
  return {
    /** The merchant's enabled providers; a row that does not parse is left out. */
    async providers(merchantCode: string): Promise<SocialProvider[]> {
      const rows = await db
        .selectFrom('social_providers')
        .select(['provider', 'config'])
        .where('merchant_code', '=', merchantCode)
        .where('enabled', '=', true)
        .orderBy('provider')
        .execute();
      return rows.flatMap((row) => {
        const parsed = socialProviderRowSchema.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      });
    },

    async saveProvider(
      merchantCode: string,
      provider: SocialProvider['provider'],
      config: SocialProviderConfig | null,
    ): Promise<void> {
      if (config === null) {
        await db
          .deleteFrom('social_providers')
          .where('merchant_code', '=', merchantCode)
          .where('provider', '=', provider)
          .execute();
        return;
      }
      const json = JSON.stringify(socialProviderConfigSchema.parse(config));
      await db
        .insertInto('social_providers')
        .values({ merchant_code: merchantCode, provider, config: json })
        .onConflict((oc) =>
          oc.columns(['merchant_code', 'provider']).doUpdateSet({ config: json, enabled: true }),
        )
        .execute();
    },

    async insertState(stateHash: Buffer, state: SignInState, expiresAt: Date): Promise<void> {
      await db
        .insertInto('social_sign_in_states')
        .values({
          state_hash: stateHash,
          merchant_code: state.merchantCode,
          provider: state.provider,
          browser_hash: state.browserHash,
          nonce: state.nonce,
          code_verifier: state.codeVerifier,
          redirect_uri: state.redirectUri,
          return_to: state.returnTo,
          expires_at: expiresAt,
        })
        .execute();
    },

    /**
     * Spends a live state of this browser (one atomic update): a second take finds nothing, and
     * another browser's try neither finds nor spends it.
     */
    async takeState(stateHash: Buffer, browserHash: Buffer): Promise<SignInState | undefined> {
      const row = await db
        .updateTable('social_sign_in_states')
        .set({ used_at: new Date() })
        .where('state_hash', '=', stateHash)
        .where('browser_hash', '=', browserHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        merchantCode: row.merchant_code,
        provider: row.provider,
        browserHash: row.browser_hash,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
        redirectUri: row.redirect_uri,
        returnTo: row.return_to,
      };
    },

    async memberOfIdentity(
      merchantCode: string,
      provider: string,
      subject: string,
    ): Promise<bigint | undefined> {
      const row = await db
        .updateTable('member_identities')
        .set({ last_login_at: new Date() })
        .where('merchant_code', '=', merchantCode)
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .returning('member_id')
        .executeTakeFirst();
      return row ? row.member_id : undefined;
    },

    /** Links an identity; when another request linked it first, answers that member instead. */
    async linkIdentity(input: {
      merchantCode: string;
      provider: string;
      subject: string;
      memberId: bigint;
      email: string | null;
    }): Promise<bigint> {
      const inserted = await db
        .insertInto('member_identities')
        .values({
          merchant_code: input.merchantCode,
          provider: input.provider,
          subject: input.subject,
          member_id: input.memberId,
          email: input.email,
          last_login_at: new Date(),
        })
        .onConflict((oc) => oc.columns(['merchant_code', 'provider', 'subject']).doNothing())
        .returning('member_id')
        .executeTakeFirst();
      if (inserted) return inserted.member_id;
      const existing = await this.memberOfIdentity(
        input.merchantCode,
        input.provider,
        input.subject,
      );
      if (existing === undefined) throw new Error('identity link vanished');
      return existing;
    },

    async insertLoginCode(input: {
      codeHash: Buffer;
      merchantCode: string;
      memberId: bigint;
      browserHash: Buffer;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('social_login_codes')
        .values({
          code_hash: input.codeHash,
          merchant_code: input.merchantCode,
          member_id: input.memberId,
          browser_hash: input.browserHash,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    /** Spends a live login code of the merchant and this browser (one atomic update). */
    async takeLoginCode(
      codeHash: Buffer,
      merchantCode: string,
      browserHash: Buffer,
    ): Promise<{ memberId: bigint; browserHash: Buffer } | undefined> {
      const row = await db
        .updateTable('social_login_codes')
        .set({ used_at: new Date() })
        .where('code_hash', '=', codeHash)
        .where('browser_hash', '=', browserHash)
        .where('merchant_code', '=', merchantCode)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning(['member_id', 'browser_hash'])
        .executeTakeFirst();
      return row ? { memberId: row.member_id, browserHash: row.browser_hash } : undefined;
    },

    /** Forgets states and login codes that expired over a day ago. */
    async prune(): Promise<void> {
      await sql`DELETE FROM social_sign_in_states WHERE expires_at < now() - interval '1 day'`.execute(
        db,
      );
      await sql`DELETE FROM social_login_codes WHERE expires_at < now() - interval '1 day'`.execute(
        db,
      );
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
