import { z } from 'zod';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorSchema } from '../cursor-paging.js';
import { languageCodeSchema } from '../languages.js';
import { securityRoutes as routes } from '../security-routes.js';
import { memberInfoSchema } from './member.js';
import { smsCodeSentSchema } from './verification.js';

/** The security centre ("my account", SPEC §2 securityCenter): the member's own settings. */

/** Longest e-mail address accepted (RFC 5321's path limit). */
export const SECURITY_EMAIL_MAX_LENGTH = 254;
/** Rows of one login-history page, and the most one page may ask for. */
export const SECURITY_LOGINS_PAGE_DEFAULT = 20;
export const SECURITY_LOGINS_PAGE_MAX = 50;

const codeSchema = z.string().trim().min(1).max(12);
const emailSchema = z.string().trim().toLowerCase().email().max(SECURITY_EMAIL_MAX_LENGTH);
const phoneSchema = z.object({
  countryDialingCode: z.string().trim().max(8).optional(),
  mobileNum: z.string().trim().min(1).max(32),
});

export const securityProfileSchema = z.object({
  account: z.string(),
  nickname: z.string(),
  /** The registration fields the merchant shows (enabled in its rules) that have a value. */
  registeredFields: z.array(z.object({ field: z.string(), value: z.string() })),
  /** The e-mail on the account, masked, and whether a code proved it. */
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** The bound mobile number, masked, with its dialling code. */
  mobile: z.string().nullable(),
  mobileVerified: z.boolean(),
  paymentPasswordSet: z.boolean(),
  /** Whether the member knows a login password (not a social or demo account). */
  passwordKnown: z.boolean(),
  /** The language saved on the server; null: the browser's choice. */
  language: languageCodeSchema.nullable(),
  clubLabel: memberInfoSchema.shape.clubLabel,
  memberLabel: memberInfoSchema.shape.memberLabel,
});
export type SecurityProfile = z.infer<typeof securityProfileSchema>;

export const securityProfileCall = defineCall({
  ...routes.securityProfile,
  summary: "The member's account, contacts and security settings",
  tags: ['security-centre'],
  value: securityProfileSchema,
});

export const securityEmailCodeCall = defineCall({
  ...routes.securityEmailCode,
  summary:
    'Send a code to an e-mail address the member wants to bind (the same answer for any address)',
  tags: ['security-centre'],
  body: z.object({ email: emailSchema }),
  value: smsCodeSentSchema,
});

export const securityBindEmailCall = defineCall({
  ...routes.securityBindEmail,
  summary: 'Bind or change the e-mail address with the code sent to it',
  tags: ['security-centre'],
  body: z.object({ email: emailSchema, verificationCode: codeSchema }),
  value: z.null(),
});

export const securityMobileCodeCall = defineCall({
  ...routes.securityMobileCode,
  summary: 'Send an SMS code to a mobile number the member wants to bind',
  tags: ['security-centre'],
  body: phoneSchema,
  value: smsCodeSentSchema,
});

export const securityBindMobileCall = defineCall({
  ...routes.securityBindMobile,
  summary: 'Bind or change the mobile number with the SMS code sent to it',
  tags: ['security-centre'],
  body: phoneSchema.extend({ verificationCode: codeSchema }),
  value: z.null(),
});

export const securityPaymentPasswordCodeCall = defineCall({
  ...routes.securityPaymentPasswordCode,
  summary: "Send an SMS code to the member's bound number, to set the payment password with it",
  tags: ['security-centre'],
  value: smsCodeSentSchema,
});

export const securityPaymentPasswordCall = defineCall({
  ...routes.securityPaymentPassword,
  summary:
    'Set or change the payment password, proven by the login password or by an SMS code sent to the bound number',
  tags: ['security-centre'],
  secret: true,
  body: z
    .object({
      loginPassword: z.string().max(255).optional(),
      verificationCode: codeSchema.optional(),
      paymentPassword: z.string().max(255),
      confirmPaymentPassword: z.string().max(255),
    })
    .refine((body) => Boolean(body.loginPassword) !== Boolean(body.verificationCode), {
      message: 'Send either the login password or an SMS code',
      path: ['loginPassword'],
    }),
  value: z.null(),
});

export const loginHistoryItemSchema = z.object({
  id: z.string(),
  /** ISO instant of the login. */
  loginAt: z.string(),
  ip: z.string().nullable(),
  /** ISO 3166-1 alpha-2, when the server's country lookup knows the address. */
  country: z.string().nullable(),
  /** A short description of the browser and system ("Chrome on Windows"). */
  device: z.string(),
  /** Signed out, expired, or this very session. */
  state: z.enum(['current', 'active', 'ended']),
});
export type LoginHistoryItem = z.infer<typeof loginHistoryItemSchema>;

export const securityLoginsCall = defineCall({
  ...routes.securityLogins,
  summary: "The member's logins, newest first (keyset paged)",
  tags: ['security-centre'],
  query: z.object({
    cursor: cursorSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(SECURITY_LOGINS_PAGE_MAX)
      .default(SECURITY_LOGINS_PAGE_DEFAULT),
  }),
  value: cursorPageOf(loginHistoryItemSchema),
});

export const securitySessionsCall = defineCall({
  ...routes.securitySessions,
  summary: "The member's sessions that are still signed in, this one first",
  tags: ['security-centre'],
  value: z.object({
    items: z.array(loginHistoryItemSchema.extend({ lastSeenAt: z.string() })),
  }),
});

export const securitySignOutSessionCall = defineCall({
  ...routes.securitySignOutSession,
  summary: "Sign out one of the member's other devices",
  tags: ['security-centre'],
  body: z.object({ sessionId: z.string().regex(/^[0-9]{1,19}$/) }),
  value: z.object({ signedOut: z.number().int() }),
});

export const securitySignOutOthersCall = defineCall({
  ...routes.securitySignOutOthers,
  summary: 'Sign out every device of the member but this one',
  tags: ['security-centre'],
  value: z.object({ signedOut: z.number().int() }),
});

export const updateLanguageCall = defineCall({
  ...routes.updateLanguage,
  summary: "Save the member's site language (SPEC §7 update language)",
  tags: ['security-centre'],
  body: z.object({
    language: z
      .string()
      .max(8)
      .transform((value) => value.toUpperCase())
      .pipe(languageCodeSchema),
  }),
  value: z.null(),
});
