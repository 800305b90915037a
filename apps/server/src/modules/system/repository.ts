import type { Db } from '../../db/database.js';
import type { MerchantRow } from '../../db/types.js';
import { type Merchant, merchantConfigSchema } from './merchant.js';

function toMerchant(row: MerchantRow): Merchant {
  return merchantConfigSchema.parse({
    code: row.code,
    name: row.name,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    defaultLanguage: row.default_language,
    supportedLanguages: row.supported_languages,
    defaultGameLanguage: row.default_game_language,
    domains: row.domains,
    maintenance: row.maintenance,
    whiteLabel: row.white_label,
    registerSettings: row.register_settings,
    resources: row.resources,
    customerService: row.customer_service,
    analyticsId: row.analytics_id,
    imageCdns: row.image_cdns,
    gameLaunchCdns: row.game_launch_cdns,
    passwordMaxAgeDays: row.password_max_age_days,
    smsDialingCodes: row.sms_dialing_codes,
    blockedCountries: row.blocked_countries,
    builtinGames: row.builtin_games ?? undefined,
  });
}

export function createMerchantRepository(db: Db) {
  return {
    async findByCode(code: string): Promise<Merchant | undefined> {
      const row = await db
        .selectFrom('merchants')
        .selectAll()
        .where('code', '=', code)
        .executeTakeFirst();
      return row ? toMerchant(row) : undefined;
    },

    async findByDomain(host: string): Promise<Merchant | undefined> {
      const row = await db
        .selectFrom('merchants')
        .selectAll()
        .where((eb) => eb(eb.val(host), '=', eb.fn.any('domains')))
        .orderBy('code')
        .executeTakeFirst();
      return row ? toMerchant(row) : undefined;
    },
  };
}

export type MerchantRepository = ReturnType<typeof createMerchantRepository>;
