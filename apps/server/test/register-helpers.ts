import type { RegisterFieldName, RegisterFieldRule } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { callApi } from './test-app.js';
import { solveCaptcha } from './verification-helpers.js';

/**
 * A merchant copied from the demo one (switches, rules, dialling codes) with some registration
 * rules and white-label switches changed. Create it before its first call: merchants are cached.
 */
export async function addMerchantWithRules(
  db: Db,
  code: string,
  changes: {
    rules?: Partial<Record<RegisterFieldName, Partial<RegisterFieldRule>>>;
    whiteLabel?: Record<string, boolean>;
  },
): Promise<void> {
  await sql`
    INSERT INTO merchants (code, name, currency, currency_symbol, default_language, supported_languages,
      default_game_language, domains, white_label, register_settings, resources, customer_service,
      sms_dialing_codes)
    SELECT ${code}, ${`${code} site`}, currency, currency_symbol, default_language, supported_languages,
      default_game_language, '{}'::text[], white_label || ${JSON.stringify(changes.whiteLabel ?? {})}::jsonb,
      register_settings, resources, customer_service, sms_dialing_codes
    FROM merchants WHERE code = 'DEMO'
  `.execute(db);
  for (const [field, rule] of Object.entries(changes.rules ?? {})) {
    await sql`
      UPDATE merchants
      SET register_settings = jsonb_set(register_settings, ${`{${field}}`}::text[],
        register_settings -> ${field} || ${JSON.stringify(rule)}::jsonb)
      WHERE code = ${code}
    `.execute(db);
  }
}

/** An agent of a merchant (type 1) owning an affiliate code; answers the agent's id. */
export async function addAgentWithCode(
  db: Db,
  merchantCode: string,
  username: string,
  affiliateCode: string,
  options: { type?: number; active?: boolean } = {},
): Promise<string> {
  const agent = await sql<{ id: string }>`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname, type)
    VALUES (${merchantCode}, ${username}, ${username.toLowerCase()}, 'not-a-hash', ${username},
      ${options.type ?? 1})
    RETURNING id
  `.execute(db);
  const id = agent.rows[0]?.id ?? '';
  await sql`
    INSERT INTO affiliate_codes (merchant_code, code, agent_member_id, active)
    VALUES (${merchantCode}, ${affiliateCode}, ${id}, ${options.active ?? true})
  `.execute(db);
  return id;
}

/** Sends a registration SMS code to a national number (the bot check solved). */
export async function sendRegisterSms(
  app: FastifyInstance,
  db: Db,
  merchant: string,
  mobileNum: string,
) {
  const image = await callApi(app, 'GET', '/wps/captcha', { merchant });
  const { captchaId } = image.body.value as { captchaId: string };
  return callApi(app, 'POST', '/wps/verification/sms/register', {
    merchant,
    body: {
      countryDialingCode: '84',
      mobileNum,
      captchaId,
      captcha: await solveCaptcha(db, captchaId),
    },
  });
}

export interface StoredMember {
  profile: Record<string, string>;
  upline_member_id: string | null;
  register_url: string | null;
  register_domain: string | null;
  register_method: string | null;
  payment_password_hash: string | null;
}

export async function storedMember(
  db: Db,
  merchantCode: string,
  username: string,
): Promise<StoredMember | undefined> {
  const result = await sql<StoredMember>`
    SELECT profile, upline_member_id, register_url, register_domain, register_method,
      payment_password_hash
    FROM members WHERE merchant_code = ${merchantCode} AND username_normalized = ${username.toLowerCase()}
  `.execute(db);
  return result.rows[0];
}
