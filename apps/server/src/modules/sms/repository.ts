import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAll } from '../../db/sql-numbers.js';

export type SmsPurpose = 'register' | 'noLogin' | 'withdrawal' | 'security';

export interface SendLimits {
  resendIntervalMs: number;
  perNumberPerDay: number;
  perIpPerDay: number;
  dayMs: number;
}

export type InsertCodeResult =
  | { ok: true }
  | { ok: false; reason: 'resend' | 'quota'; retryAfterMs: number };

export interface StoredCode {
  id: string;
  salt: Buffer;
  hash: Buffer;
  expired: boolean;
  failedAttempts: number;
}

/** One message of the outbox SMS provider, as the developer page shows it. */
export interface OutboxSms {
  id: string;
  merchantCode: string;
  number: string;
  text: string;
  createdAt: Date;
}

export function createSmsRepository(db: Db) {
  return {
    /** The default SMS provider's outbox: one row per message sent. */
    async insertOutbox(message: { merchantCode: string; number: string; text: string }) {
      await db
        .insertInto('sms_outbox')
        .values({ merchant_code: message.merchantCode, number: message.number, text: message.text })
        .execute();
    },

    /** The newest outbox messages, newest first, of one merchant or all (developer page). */
    async newestOutbox(limit: number, merchantCode?: string): Promise<OutboxSms[]> {
      let query = db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(limit);
      if (merchantCode) query = query.where('merchant_code', '=', merchantCode);
      const rows = await query.execute();
      return rows.map((row) => ({
        id: String(row.id),
        merchantCode: row.merchant_code,
        number: row.number,
        text: row.text,
        createdAt: row.created_at,
      }));
    },

    /**
     * Stores a new code unless the number had one within the resend interval or the number or
     * the address reached its daily cap. Serialized per number and per address (advisory locks,
     * always number first) so that two concurrent sends cannot both pass.
     */
    insertCodeIfAllowed(
      code: {
        merchantCode: string;
        purpose: SmsPurpose;
        phone: string;
        ip: string;
        salt: Buffer;
        hash: Buffer;
        expiresAt: Date;
      },
      limits: SendLimits,
    ): Promise<InsertCodeResult> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms-phone:${code.merchantCode}:${code.phone}`}))`.execute(
          trx,
        );
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms-ip:${code.merchantCode}:${code.ip}`}))`.execute(
          trx,
        );
        const day = `${limits.dayMs} milliseconds`;
        const byPhone = await sql<{
          count: number;
          last_ms: bigint | null;
          first_ms: bigint | null;
        }>`
          SELECT ${countAll()} AS count,
                 (extract(epoch FROM now() - max(created_at)) * 1000)::bigint AS last_ms,
                 (extract(epoch FROM now() - min(created_at)) * 1000)::bigint AS first_ms
          FROM sms_codes
          WHERE merchant_code = ${code.merchantCode} AND phone = ${code.phone}
            AND created_at > now() - ${day}::interval
        `.execute(trx);
        const phoneRow = byPhone.rows[0];
        const sinceLast = phoneRow?.last_ms == null ? null : Number(phoneRow.last_ms);
        if (sinceLast !== null && sinceLast < limits.resendIntervalMs) {
          return { ok: false, reason: 'resend', retryAfterMs: limits.resendIntervalMs - sinceLast };
        }
        if ((phoneRow?.count ?? 0) >= limits.perNumberPerDay) {
          return {
            ok: false,
            reason: 'quota',
            retryAfterMs: Math.max(0, limits.dayMs - Number(phoneRow?.first_ms ?? 0)),
          };
        }
        const byIp = await sql<{ count: number; first_ms: bigint | null }>`
          SELECT ${countAll()} AS count,
                 (extract(epoch FROM now() - min(created_at)) * 1000)::bigint AS first_ms
          FROM sms_codes
          WHERE merchant_code = ${code.merchantCode} AND ip = ${code.ip}
            AND created_at > now() - ${day}::interval
        `.execute(trx);
        const ipRow = byIp.rows[0];
        if ((ipRow?.count ?? 0) >= limits.perIpPerDay) {
          return {
            ok: false,
            reason: 'quota',
            retryAfterMs: Math.max(0, limits.dayMs - Number(ipRow?.first_ms ?? 0)),
          };
        }
        await trx
          .insertInto('sms_codes')
          .values({
            merchant_code: code.merchantCode,
            purpose: code.purpose,
            phone: code.phone,
            ip: code.ip,
            code_salt: code.salt,
            code_hash: code.hash,
            expires_at: code.expiresAt,
          })
          .execute();
        return { ok: true };
      });
    },

    /**
     * Checks the newest unused code of a number for a purpose, locked, and records the outcome
     * through `decide` (which answers whether the typed code matches): a match spends it, a
     * miss counts a wrong try, and the try that reaches `maxTries` spends it too.
     */
    checkLatestCode(
      merchantCode: string,
      purpose: SmsPurpose,
      phone: string,
      maxTries: number,
      matches: (salt: Buffer, hash: Buffer) => boolean,
    ): Promise<'ok' | 'invalid' | 'expired' | 'none'> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('sms_codes')
          .select([
            'id',
            'code_salt',
            'code_hash',
            'failed_attempts',
            sql<boolean>`expires_at <= now()`.as('expired'),
          ])
          .where('merchant_code', '=', merchantCode)
          .where('purpose', '=', purpose)
          .where('phone', '=', phone)
          .where('used_at', 'is', null)
          .orderBy('id', 'desc')
          .limit(1)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return 'none';
        if (row.expired) return 'expired';
        if (row.failed_attempts >= maxTries) return 'invalid';
        if (matches(row.code_salt, row.code_hash)) {
          await trx
            .updateTable('sms_codes')
            .set({ used_at: sql<Date>`now()` })
            .where('id', '=', row.id)
            .execute();
          return 'ok';
        }
        const tries = row.failed_attempts + 1;
        await trx
          .updateTable('sms_codes')
          .set({
            failed_attempts: tries,
            ...(tries >= maxTries ? { used_at: sql<Date>`now()` } : {}),
          })
          .where('id', '=', row.id)
          .execute();
        return 'invalid';
      });
    },

    /** Removes codes and outbox messages older than `olderThanMs`. */
    async prune(olderThanMs: number): Promise<void> {
      const age = `${olderThanMs} milliseconds`;
      await db
        .deleteFrom('sms_codes')
        .where('created_at', '<', sql<Date>`now() - ${age}::interval`)
        .execute();
      await db
        .deleteFrom('sms_outbox')
        .where('created_at', '<', sql<Date>`now() - ${age}::interval`)
        .execute();
    },
  };
}

export type SmsRepository = ReturnType<typeof createSmsRepository>;
