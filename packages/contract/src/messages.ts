import type { LanguageCode } from './language-codes.js';
import enErrors from './locales/en/errors.json' with { type: 'json' };
import enValidation from './locales/en/validation.json' with { type: 'json' };
import viErrors from './locales/vi/errors.json' with { type: 'json' };
import viValidation from './locales/vi/validation.json' with { type: 'json' };

/**
 * Texts of errors and validation messages, shared by the server (the `message` of an error
 * envelope) and the web app (its `errors` and `validation` namespaces).
 */
export const contractLocales = {
  en: { errors: enErrors, validation: enValidation },
  vi: { errors: viErrors, validation: viValidation },
} as const;
export type ContractLocale = keyof typeof contractLocales;
export type ErrorTextKey = keyof typeof enErrors;
export type ValidationTextKey = keyof typeof enValidation;

export function contractLocaleFor(language: LanguageCode | undefined): ContractLocale {
  return language === 'VI' ? 'vi' : 'en';
}

/**
 * Puts the lengths into a `reg_pattern_{id}` text: `(min)-(max)` becomes one number when both
 * are equal (SPEC §5).
 */
export function formatPatternMessage(
  template: string,
  minLength: number,
  maxLength: number,
): string {
  const withRange =
    minLength === maxLength ? template.replaceAll('(min)-(max)', String(minLength)) : template;
  return withRange.replaceAll('(min)', String(minLength)).replaceAll('(max)', String(maxLength));
}

/** Zalo and WhatsApp messages ask for the number ID that redeems the bonus (SPEC §5). */
const bonusMessageKeys: Readonly<Record<string, 'zalo_bonus' | 'whatsapp_bonus'>> = {
  zalo: 'zalo_bonus',
  whatsapp: 'whatsapp_bonus',
};

/** The validation text that leads every message about this field, if it has one. */
export function bonusMessageKey(
  field: string | undefined,
): 'zalo_bonus' | 'whatsapp_bonus' | undefined {
  return field === undefined ? undefined : bonusMessageKeys[field];
}
