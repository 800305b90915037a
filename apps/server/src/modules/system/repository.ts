import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { MerchantRow } from '../../db/types.js';
import { type Merchant, merchantConfigSchema } from './merchant.js';

/** Every instance LISTENs here and drops its cached merchants when a merchant's settings change. */
export const MERCHANT_SETTINGS_CHANNEL = 'merchant_settings_changed';

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
    maintenanceMessages: row.maintenance_messages ?? undefined,
    maintenanceStartsAt: row.maintenance_starts_at?.toISOString() ?? null,
    maintenanceEndsAt: row.maintenance_ends_at?.toISOString() ?? null,
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

/** The columns an operator changes from the console's Settings pages. */
export type MerchantSettingsPatch = Partial<
  Pick<
    Merchant,
    | 'whiteLabel'
    | 'registerSettings'
    | 'supportedLanguages'
    | 'defaultLanguage'
    | 'defaultGameLanguage'
    | 'maintenance'
    | 'maintenanceMessages'
    | 'maintenanceStartsAt'
    | 'maintenanceEndsAt'
    | 'blockedCountries'
    | 'builtinGames'
  >
>;

const json = (value: unknown) => JSON.stringify(value);
const instant = (value: string | null) => (value === null ? null : new Date(value));

function columnsOf(patch: MerchantSettingsPatch) {
  return {
    ...(patch.whiteLabel && { white_label: json(patch.whiteLabel) }),
    ...(patch.registerSettings && { register_settings: json(patch.registerSettings) }),
    ...(patch.supportedLanguages && { supported_languages: patch.supportedLanguages }),
    ...(patch.defaultLanguage && { default_language: patch.defaultLanguage }),
    ...(patch.defaultGameLanguage && { default_game_language: patch.defaultGameLanguage }),
    ...(patch.maintenance !== undefined && { maintenance: patch.maintenance }),
    ...(patch.maintenanceMessages && { maintenance_messages: json(patch.maintenanceMessages) }),
    ...(patch.maintenanceStartsAt !== undefined && {
      maintenance_starts_at: instant(patch.maintenanceStartsAt),
    }),
    ...(patch.maintenanceEndsAt !== undefined && {
      maintenance_ends_at: instant(patch.maintenanceEndsAt),
    }),
    ...(patch.blockedCountries && { blocked_countries: patch.blockedCountries }),
    ...(patch.builtinGames && { builtin_games: json(patch.builtinGames) }),
  };
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

    /** Merchant codes in order, at most `limit` (the platform operator's merchant picker). */
    async codes(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('merchants')
        .select('code')
        .orderBy('code')
        .limit(limit)
        .execute();
      return rows.map((row) => row.code);
    },

    /** The merchant's row, locked until the caller's transaction ends (one change at a time). */
    async lockByCode(code: string): Promise<Merchant | undefined> {
      const row = await db
        .selectFrom('merchants')
        .selectAll()
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst();
      return row ? toMerchant(row) : undefined;
    },

    /**
     * Writes the changed settings and tells every instance; the notification is delivered only
     * if the caller's transaction commits, so no instance drops its cache for a change that
     * never happened (nor reloads before the change is visible).
     */
    async updateSettings(code: string, patch: MerchantSettingsPatch): Promise<Merchant> {
      const row = await db
        .updateTable('merchants')
        .set({ ...columnsOf(patch), updated_at: new Date() })
        .where('code', '=', code)
        .returningAll()
        .executeTakeFirstOrThrow();
      await sql`SELECT pg_notify(${MERCHANT_SETTINGS_CHANNEL}, ${code})`.execute(db);
      return toMerchant(row);
    },
  };
}

export type MerchantRepository = ReturnType<typeof createMerchantRepository>;
