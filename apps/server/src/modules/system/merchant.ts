import {
  type BuiltinGamesSettings,
  builtinGamesSettingsSchema,
  customerServiceEntrySchema,
  type LanguageCode,
  languageCodeSchema,
  type MerchantSummary,
  type RegisterSettings,
  registerSettingsSchema,
  resourceSchema,
  type WhiteLabelSwitches,
  whiteLabelSwitchesSchema,
} from '@app/contract';
import { z } from 'zod';

/** A merchant's whole configuration, checked against the contract when it is read. */
export interface Merchant {
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  defaultLanguage: LanguageCode;
  supportedLanguages: LanguageCode[];
  defaultGameLanguage: LanguageCode;
  domains: string[];
  maintenance: boolean;
  /** The maintenance page's message per language (operator console). */
  maintenanceMessages: Partial<Record<LanguageCode, string>>;
  /** A planned maintenance window (ISO instants, both or neither). */
  maintenanceStartsAt: string | null;
  maintenanceEndsAt: string | null;
  whiteLabel: WhiteLabelSwitches;
  registerSettings: RegisterSettings;
  resources: z.infer<typeof resourceSchema>[];
  customerService: z.infer<typeof customerServiceEntrySchema>[];
  analyticsId: string | null;
  imageCdns: string[];
  gameLaunchCdns: string[];
  passwordMaxAgeDays: number | null;
  smsDialingCodes: string[];
  /** ISO 3166-1 alpha-2 countries refused with status 2 (SPEC §4 region restriction). */
  blockedCountries: string[];
  /** Built-in games: autoplay and turbo switches, per-game limits. */
  builtinGames: BuiltinGamesSettings;
}

export const merchantConfigSchema = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string().length(3),
  currencySymbol: z.string(),
  defaultLanguage: languageCodeSchema,
  supportedLanguages: z.array(languageCodeSchema).min(1),
  defaultGameLanguage: languageCodeSchema,
  domains: z.array(z.string()),
  maintenance: z.boolean(),
  maintenanceMessages: z.partialRecord(languageCodeSchema, z.string()).default({}),
  maintenanceStartsAt: z.string().nullable().default(null),
  maintenanceEndsAt: z.string().nullable().default(null),
  whiteLabel: whiteLabelSwitchesSchema,
  registerSettings: registerSettingsSchema,
  resources: z.array(resourceSchema),
  customerService: z.array(customerServiceEntrySchema),
  analyticsId: z.string().nullable(),
  imageCdns: z.array(z.string()),
  gameLaunchCdns: z.array(z.string()),
  passwordMaxAgeDays: z.number().int().positive().nullable(),
  smsDialingCodes: z.array(z.string().regex(/^[0-9]{1,4}$/)),
  blockedCountries: z.array(z.string().regex(/^[A-Z]{2}$/)).default([]),
  builtinGames: builtinGamesSettingsSchema.default({
    autoplayAllowed: false,
    turboAllowed: false,
    limits: {},
    stakeProfiles: {},
  }),
});

export function merchantSummary(merchant: Merchant): MerchantSummary {
  return {
    code: merchant.code,
    name: merchant.name,
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    defaultLanguage: merchant.defaultLanguage,
    supportedLanguages: merchant.supportedLanguages,
    defaultGameLanguage: merchant.defaultGameLanguage,
    smsDialingCodes: merchant.smsDialingCodes,
  };
}
