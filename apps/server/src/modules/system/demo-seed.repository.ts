import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  demoCustomerService,
  demoRegisterSettings,
  demoResources,
  demoWhiteLabel,
} from './demo-merchant.js';

/**
 * Creates the demo merchant once; a second run leaves an existing (perhaps edited) merchant
 * alone. True when this call created it.
 */
export async function seedDemoMerchantRow(db: Db, merchantCode: string): Promise<boolean> {
  const inserted = await db
    .insertInto('merchants')
    .values({
      code: merchantCode,
      name: 'Demo Casino',
      currency: 'VND',
      currency_symbol: '₫',
      default_language: 'EN',
      // Every language with texts, so the picker offers them all (TY: English until supplied).
      supported_languages: ['EN', 'VI', 'CN', 'ID', 'PT', 'PT-BR', 'TH', 'TY'],
      default_game_language: 'EN',
      domains: ['localhost', '127.0.0.1'],
      white_label: JSON.stringify(demoWhiteLabel),
      register_settings: JSON.stringify(demoRegisterSettings),
      resources: JSON.stringify(demoResources),
      customer_service: JSON.stringify(demoCustomerService),
      analytics_id: null,
      password_max_age_days: null,
      sms_dialing_codes: ['84'],
    })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  // A demo database made before the resources existed gets them (an edited list is kept).
  await db
    .updateTable('merchants')
    .set({ resources: JSON.stringify(demoResources) })
    .where('code', '=', merchantCode)
    .where(sql<boolean>`resources = '[]'::jsonb`)
    .execute();
  return inserted !== undefined;
}
