import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { languageCodes } from '../language-codes.js';
import { languageCodeSchema } from '../languages.js';
import { REGISTER_PATTERN_MAX_ID } from '../register-patterns.js';
import { REGISTER_FIELD_MAX_LENGTH_LIMIT, registerFieldNames } from '../register-rules.js';
import { BLOCKED_COUNTRIES_MAX, MAINTENANCE_MESSAGE_MAX_LENGTH } from '../settings-rules.js';
import { stakeProfileOverridesSchema, stakeProfileSchema } from '../stake-profile-schema.js';
import { builtinGameLimitsSchema, builtinGamesSettingsSchema } from './builtin-games.js';
import { SEAMLESS_AMOUNT_MAX_MINOR } from './seamless.js';
import { whiteLabelSwitchesSchema } from './system.js';

/**
 * The Settings pages of the console (docs/console.md): one read of everything and one change
 * call per section, each audited with its before and after. Cross-field rules (required needs
 * enabled, min ≤ max, a safe pattern, the default among the languages) are checked by the
 * server with `settings-rules.ts`, so each has its own error code; the schemas here hold shapes
 * and bounds only.
 */

/** Longest pattern source the call takes at all; `checkPatternSafety` holds it to 200. */
const PATTERN_SOURCE_TRANSPORT_MAX_LENGTH = 1000;
/** Built-in game codes with limits of their own (there are a handful of games). */
export const BUILTIN_LIMITS_GAMES_MAX = 100;

export const editableRegisterRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  patternId: z.number().int().min(0).max(REGISTER_PATTERN_MAX_ID),
  acceptedPattern: z.string().max(PATTERN_SOURCE_TRANSPORT_MAX_LENGTH),
  minLength: z.number().int().min(0).max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  maxLength: z.number().int().min(1).max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
});

export const editableRegisterSettingsSchema = z.object(
  Object.fromEntries(
    registerFieldNames.map((name) => [name, editableRegisterRuleSchema]),
  ) as Record<(typeof registerFieldNames)[number], typeof editableRegisterRuleSchema>,
);

export const languageSettingsSchema = z.object({
  supportedLanguages: z
    .array(languageCodeSchema)
    .min(1)
    .max(languageCodes.length)
    .refine((list) => new Set(list).size === list.length, { message: 'each language once' }),
  defaultLanguage: languageCodeSchema,
  defaultGameLanguage: languageCodeSchema,
});

const isoInstantSchema = z.iso.datetime({ offset: true });

export const siteAccessSettingsSchema = z.object({
  maintenance: z.boolean(),
  /** The message shown on the maintenance page, per language; a missing language shows none. */
  maintenanceMessages: z.partialRecord(
    languageCodeSchema,
    z.string().trim().max(MAINTENANCE_MESSAGE_MAX_LENGTH),
  ),
  /** A planned window: the site is under maintenance between the two, switch or not. */
  maintenanceWindow: z.object({
    startsAt: isoInstantSchema.nullable(),
    endsAt: isoInstantSchema.nullable(),
  }),
  /** ISO 3166-1 alpha-2 codes refused with status 2. */
  blockedCountries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(BLOCKED_COUNTRIES_MAX)
    .refine((list) => new Set(list).size === list.length, { message: 'each country once' }),
});

const limitMinorSchema = z.number().int().positive().max(SEAMLESS_AMOUNT_MAX_MINOR);

export const editableBuiltinGamesSchema = z.object({
  autoplayAllowed: z.boolean(),
  turboAllowed: z.boolean(),
  limits: z
    .record(
      z.string().min(1).max(64),
      z.object({
        minStakeMinor: limitMinorSchema.optional(),
        maxStakeMinor: limitMinorSchema.optional(),
        maxPayoutMinor: limitMinorSchema.optional(),
      }),
    )
    .refine((limits) => Object.keys(limits).length <= BUILTIN_LIMITS_GAMES_MAX, {
      message: 'too many games',
    }),
  /** The stake profile per currency (only the fields the operator set); absent: kept as it is. */
  stakeProfiles: stakeProfileOverridesSchema.optional(),
});

export const adminSettingsSchema = z.object({
  whiteLabel: whiteLabelSwitchesSchema,
  registerSettings: editableRegisterSettingsSchema,
  languages: languageSettingsSchema,
  siteAccess: siteAccessSettingsSchema,
  builtinGames: builtinGamesSettingsSchema,
  /** The built-in games whose limits can be set, with the server's defaults (minor units). */
  builtinGameCodes: z.array(z.string()),
  builtinDefaults: builtinGameLimitsSchema,
  /** The merchant's currency and its default stake profile (what an empty field means). */
  currency: z.string(),
  stakeProfileDefaults: stakeProfileSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export type SiteAccessSettings = z.infer<typeof siteAccessSettingsSchema>;
export type LanguageSettings = z.infer<typeof languageSettingsSchema>;

export const adminSettingsCall = defineCall({
  ...adminRoutes.adminSettings,
  summary: "The merchant's settings: switches, registration rules, languages, access, games",
  tags: ['admin'],
  value: adminSettingsSchema,
});

export const adminUpdateWhiteLabelCall = defineCall({
  ...adminRoutes.adminUpdateWhiteLabel,
  summary: 'Change the white-label switches (login-required mode among them)',
  tags: ['admin'],
  body: whiteLabelSwitchesSchema,
  value: adminSettingsSchema,
});

export const adminUpdateRegisterSettingsCall = defineCall({
  ...adminRoutes.adminUpdateRegisterSettings,
  summary: 'Change the registration field rules',
  tags: ['admin'],
  body: editableRegisterSettingsSchema,
  value: adminSettingsSchema,
});

export const adminUpdateLanguagesCall = defineCall({
  ...adminRoutes.adminUpdateLanguages,
  summary: 'Change the languages offered and the defaults',
  tags: ['admin'],
  body: languageSettingsSchema,
  value: adminSettingsSchema,
});

export const adminUpdateSiteAccessCall = defineCall({
  ...adminRoutes.adminUpdateSiteAccess,
  summary: 'Change maintenance (switch, messages, planned window) and region blocking',
  tags: ['admin'],
  body: siteAccessSettingsSchema,
  value: adminSettingsSchema,
});

export const adminUpdateBuiltinGamesCall = defineCall({
  ...adminRoutes.adminUpdateBuiltinGames,
  summary: 'Change the built-in games switches and limits',
  tags: ['admin'],
  body: editableBuiltinGamesSchema,
  value: adminSettingsSchema,
});
