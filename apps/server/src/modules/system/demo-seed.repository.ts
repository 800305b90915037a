import {
  type BuiltinGamesSettings,
  defaultStakeProfileOf,
  type RegisterSettings,
  type WhiteLabelSwitches,
} from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  demoCustomerService,
  demoRegisterSettings,
  demoResources,
  demoWhiteLabel,
} from './demo-merchant.js';

/** A merchant's row as a seed writes it: the settings each module reads from `merchants`. */
export interface MerchantSeed {
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  defaultLanguage: string;
  supportedLanguages: string[];
  domains: string[];
  whiteLabel: WhiteLabelSwitches;
  registerSettings: RegisterSettings;
  resources: unknown[];
  customerService: unknown[];
  smsDialingCodes: string[];
  /** The built-in games settings (switches, per-game limits, stake profiles); absent: `{}`. */
  builtinGames?: Partial<BuiltinGamesSettings>;
}

/** Creates a merchant once; an existing one is left alone. True when this call created it. */
export async function seedMerchantRow(db: Db, seed: MerchantSeed): Promise<boolean> {
  const inserted = await db
    .insertInto('merchants')
    .values({
      code: seed.code,
      name: seed.name,
      currency: seed.currency,
      currency_symbol: seed.currencySymbol,
      default_language: seed.defaultLanguage,
      supported_languages: seed.supportedLanguages,
      default_game_language: seed.defaultLanguage,
      domains: seed.domains,
      white_label: JSON.stringify(seed.whiteLabel),
      register_settings: JSON.stringify(seed.registerSettings),
      resources: JSON.stringify(seed.resources),
      customer_service: JSON.stringify(seed.customerService),
      analytics_id: null,
      password_max_age_days: null,
      sms_dialing_codes: seed.smsDialingCodes,
      ...(seed.builtinGames && { builtin_games: JSON.stringify(seed.builtinGames) }),
    })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The demo's stakes: 1,000 ₫ to 20,000,000 ₫ a round, 10,000 ₫ first (issue 22 item 1). */
const DEMO_VND_STAKE_PROFILE = defaultStakeProfileOf('VND');

/**
 * Creates the demo merchant once; a second run leaves an existing (perhaps edited) merchant
 * alone. True when this call created it.
 */
export async function seedDemoMerchantRow(db: Db, merchantCode: string): Promise<boolean> {
  const created = await seedMerchantRow(db, {
    code: merchantCode,
    name: 'Demo Casino',
    currency: 'VND',
    currencySymbol: '₫',
    defaultLanguage: 'EN',
    // Every language with texts, so the picker offers them all (TY: English until supplied).
    supportedLanguages: ['EN', 'VI', 'CN', 'ID', 'PT', 'PT-BR', 'TH', 'TY'],
    domains: ['localhost', '127.0.0.1'],
    whiteLabel: demoWhiteLabel,
    registerSettings: demoRegisterSettings,
    resources: demoResources,
    customerService: demoCustomerService,
    smsDialingCodes: ['84'],
    // The VND profile written out, so the console shows the demo's stakes as the merchant's own.
    builtinGames: { stakeProfiles: { VND: DEMO_VND_STAKE_PROFILE } },
  });
  // A demo database made before the resources existed gets them (an edited list is kept).
  await db
    .updateTable('merchants')
    .set({ resources: JSON.stringify(demoResources) })
    .where('code', '=', merchantCode)
    .where(sql<boolean>`resources = '[]'::jsonb`)
    .execute();
  return created;
}
