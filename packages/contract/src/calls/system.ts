import { z } from 'zod';
import { defineCall } from '../call.js';
import { languageCodeSchema } from '../languages.js';
import { registerSettingsSchema } from '../register-settings-schema.js';
import { routes } from '../routes.js';

/** The merchant's feature switches (SPEC §6): menus and forms show what these allow. */
export const whiteLabelSwitchesSchema = z.object({
  directRegistration: z.boolean(),
  mobileRegistration: z.boolean(),
  mobileCodeLogin: z.boolean(),
  smsVerification: z.boolean(),
  phoneVerification: z.boolean(),
  socialSignIn: z.boolean(),
  freePlay: z.boolean(),
  chat: z.boolean(),
  forcedPasswordChange: z.boolean(),
  referralPromo: z.boolean(),
  loginRequiredHome: z.boolean(),
  captchaOnLogin: z.boolean(),
  /** Slider puzzle before registration, SMS sends and username login; absent in older rows. */
  sliderVerification: z.boolean().default(false),
  dividend: z.boolean(),
  dailySalary: z.boolean(),
  hourlySalary: z.boolean(),
  realTimeSalary: z.boolean(),
  /** Commission contracts (a rate on the team's valid bet); absent in older rows. */
  commission: z.boolean().default(false),
});
export type WhiteLabelSwitches = z.infer<typeof whiteLabelSwitchesSchema>;

export const merchantSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  defaultLanguage: languageCodeSchema,
  supportedLanguages: z.array(languageCodeSchema),
  defaultGameLanguage: languageCodeSchema,
  /** Country dialling codes (digits, no plus) the merchant sends SMS codes to; the first is the default. */
  smsDialingCodes: z.array(z.string()),
});
export type MerchantSummary = z.infer<typeof merchantSummarySchema>;

export const resourceSchema = z.object({
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.string().nullable(),
  labelNameEn: z.string().nullable(),
});

export const customerServiceEntrySchema = z.object({
  csType: z.enum(['VIP', 'LIVECHAT']),
  path: z.string(),
  title: z.string(),
});

export const systemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: z.boolean(),
  regionRestricted: z.boolean(),
  merchant: merchantSummarySchema,
  whiteLabel: whiteLabelSwitchesSchema,
  registerSettings: registerSettingsSchema,
  resources: z.array(resourceSchema),
  customerService: z.array(customerServiceEntrySchema),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  analyticsId: z.string().nullable(),
  imageCdns: z.array(z.string()),
  gameLaunchCdns: z.array(z.string()),
  /** The operator's maintenance message per language (absent from older servers). */
  maintenanceMessages: z.partialRecord(languageCodeSchema, z.string()).optional(),
  /** The planned maintenance window, when one is set (ISO instants). */
  maintenanceWindow: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable().optional(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const systemStatusCall = defineCall({
  ...routes.systemStatus,
  summary: 'Site status, switches, registration rules and resources of the merchant',
  tags: ['system'],
  query: z.object({ url: z.string().max(2048).optional() }),
  value: systemStatusSchema,
});

export const whiteLabelCall = defineCall({
  ...routes.whiteLabel,
  summary: "The merchant's white-label switches",
  tags: ['system'],
  value: whiteLabelSwitchesSchema,
});

export const registerSettingsCall = defineCall({
  ...routes.registerSettings,
  summary: 'Rules of every registration field',
  tags: ['system'],
  value: registerSettingsSchema,
});

/** One address of the site (SPEC §3 "domain list with speed"); the browser measures each. */
export const domainRouteSchema = z.object({
  domain: z.string(),
  /** Origin to time a small request against: the request's scheme and port on that domain. */
  url: z.string(),
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;

export const domainRouteCall = defineCall({
  ...routes.domainRoute,
  summary: "The merchant's domains (lines); the site measures the speed of each",
  tags: ['system'],
  value: z.array(domainRouteSchema),
});

/** Longest resource type accepted by the QR call. */
export const RESOURCE_TYPE_MAX_LENGTH = 32;

export const resourceQrSchema = z.object({
  resourceType: z.string(),
  url: z.string(),
  /** The QR code of `url` as a PNG data URL (the site's CSP allows data: images). */
  image: z.string(),
});
export type ResourceQr = z.infer<typeof resourceQrSchema>;

export const resourceQrCall = defineCall({
  ...routes.resourceQr,
  summary: "QR code of one of the merchant's resources (download links); never of arbitrary text",
  tags: ['system'],
  query: z.object({ resourceType: z.string().min(1).max(RESOURCE_TYPE_MAX_LENGTH) }),
  value: resourceQrSchema,
});
